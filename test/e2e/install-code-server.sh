#!/usr/bin/env bash
# Installs code-server 4.100.3 (VS Code 1.100.3, runs on Node 20) into a cache outside the repo,
# once; later runs reuse it. PAYLOAD_LAB_CODE_SERVER may point at an existing entry.js instead.
# Offline traps handled (see shared E2E notes): root needs unsafe-perm for postinstall; native
# modules need Debian dev packages; @vscode/ripgrep would download rg, so Debian's is copied in.
# Prints the path of code-server's entry point on its last line.
set -euo pipefail

if [[ -n "${PAYLOAD_LAB_CODE_SERVER:-}" ]]; then
  echo "$PAYLOAD_LAB_CODE_SERVER"
  exit 0
fi

VERSION=4.100.3
DIR="${PAYLOAD_LAB_CACHE:-$HOME/.cache/payload-lab}/code-server-$VERSION"
ENTRY="$DIR/node_modules/code-server/out/node/entry.js"
if [[ -f "$DIR/.complete" ]]; then
  echo "$ENTRY"
  exit 0
fi
# One install at a time: two test files starting together on a fresh machine would otherwise
# remove each other's half-done install. The second waits, then finds the first one's.
mkdir -p "$(dirname "$DIR")"
exec 9>"$DIR.lock"
flock 9
if [[ -f "$DIR/.complete" ]]; then
  echo "$ENTRY"
  exit 0
fi

need_packages=()
for package in libkrb5-dev libxkbfile-dev libx11-dev libsecret-1-dev pkg-config ripgrep; do
  dpkg -s "$package" >/dev/null 2>&1 || need_packages+=("$package")
done
if (( ${#need_packages[@]} > 0 )); then
  echo "installing Debian packages: ${need_packages[*]}" >&2
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_packages[@]}" >&2
fi

rm -rf "$DIR"
mkdir -p "$DIR"
cd "$DIR"
{
  npm init -y >/dev/null
  export npm_config_unsafe_perm=true npm_config_yes=true npm_config_audit=false npm_config_fund=false
  npm install --ignore-scripts "code-server@$VERSION"
  npm_config_build_from_source=true npm rebuild argon2
  cd node_modules/code-server/lib/vscode
  npm install --omit=dev --ignore-scripts
  mkdir -p node_modules/@vscode/ripgrep/bin
  cp "$(command -v rg)" node_modules/@vscode/ripgrep/bin/rg
  npm rebuild
  ln -sfn node_modules node_modules.asar
  cd extensions
  npm install --omit=dev
} >&2
touch "$DIR/.complete"
echo "$ENTRY"
