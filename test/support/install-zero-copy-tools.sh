#!/usr/bin/env bash
# Installs the code generators of the FlatBuffers, Cap'n Proto and Bebop rows for the tests, as a
# user would: Debian's flatc (flatbuffers-compiler) and capnp (capnproto) when missing, and
# bebopc from the bebop-tools npm package, once, into a cache folder. bebop-tools' own install
# script downloads more and fails on these machines; its package already holds bebopc for each
# platform and a WASI build, so the package is fetched with `npm pack` (npm's cache keeps it)
# and only the WASI build (which Payload Lab runs under Node) and the native Linux x64 binary
# are kept. capnp-es's compiler plugin (capnpc-ts) comes with `npm install`.
# Prints one `export` line per tool found outside PATH, for `eval`:
#   eval "$(bash test/support/install-zero-copy-tools.sh)"
set -euo pipefail
tools_dir=${PAYLOAD_LAB_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/payload-lab-tools}
bebop_version=3.2.3

# libcapnp-dev brings capnp's own schemas (/capnp/c++.capnp), which users' schemas import.
if ! command -v flatc >/dev/null 2>&1 || ! command -v capnp >/dev/null 2>&1 || [ ! -e /usr/include/capnp/c++.capnp ]; then
  # Another session may hold the package lock: wait for it rather than fail.
  { apt-get -o DPkg::Lock::Timeout=600 update -qq \
      && DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq flatbuffers-compiler capnproto libcapnp-dev; } >&2
fi

bebop_dir=$tools_dir/bebop-tools-$bebop_version
wasm=$bebop_dir/bebopc.wasm
if [ ! -f "$wasm" ]; then
  scratch=$(mktemp -d)
  trap 'rm -rf "$scratch"' EXIT
  (cd "$scratch" && npm pack --silent "bebop-tools@$bebop_version" >/dev/null \
    && tar -xzf "bebop-tools-$bebop_version.tgz" package/tools/wasi/wasm/bebopc.wasm package/tools/linux/x64/bebopc) >&2
  mkdir -p "$bebop_dir"
  install -m 0755 "$scratch/package/tools/linux/x64/bebopc" "$bebop_dir/bebopc"
  # Written last, under its final name: its presence says the folder is complete.
  install -m 0644 "$scratch/package/tools/wasi/wasm/bebopc.wasm" "$wasm.partial"
  mv "$wasm.partial" "$wasm"
fi
# The WASI build: the one that runs wherever Node does (the native binary is kept beside it).
echo "export PAYLOAD_LAB_BEBOPC=$wasm"
