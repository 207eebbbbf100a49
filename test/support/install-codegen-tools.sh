#!/usr/bin/env bash
# Installs the code generators of the generated-code rows (google-protobuf, ts-proto,
# protobuf-ts) for the tests, as a user would: Debian's protoc (protobuf-compiler) and
# libprotoc-dev, and protoc-gen-js built from ../shared's source into a cache folder, only
# when it is not built yet. The npm plugins (ts-proto, @protobuf-ts/plugin) come with
# `npm install`. Prints one `export` line per tool found outside PATH, for `eval`:
#   eval "$(bash test/support/install-codegen-tools.sh)"
# The tests find the tools through the product's own discovery (settings, environment, PATH).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
shared_tools=${PAYLOAD_LAB_SHARED_TOOLS:-$here/../../../shared/tools}
# Kept apart from the product's cache (~/.cache/payload-lab): clearing one leaves the other.
tools_dir=${PAYLOAD_LAB_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/payload-lab-tools}

if ! command -v protoc >/dev/null 2>&1 || [ ! -f /usr/include/google/protobuf/compiler/plugin.h ]; then
  # Another session may hold the package lock: wait for it rather than fail.
  { apt-get -o DPkg::Lock::Timeout=600 update -qq \
      && DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq protobuf-compiler libprotoc-dev; } >&2
fi

plugin=$tools_dir/protoc-gen-js
if [ ! -x "$plugin" ]; then
  # build.sh is idempotent too (it checks its output first) and prints the plugin's path.
  plugin=$(bash "$shared_tools/protoc-gen-js/build.sh" "$tools_dir")
fi
echo "export PAYLOAD_LAB_PROTOC_GEN_JS=$plugin"
