#!/bin/bash
# Builds NNStreamer from a source tree and this plugin (CPU path), then runs
# NNStreamer's elements (tensor_filter with the custom and python3
# frameworks, tensor_split, tensor_transform, tensor_sink, tensor_decoder)
# on the tensors of cudapreproc and cudapreprocbatch, printing one line per
# check and a closing summary (docs/nnstreamer.md):
#
#   PASS|FAIL <element> <mode>: <what>
#
# Usage (as root, from anywhere):
#
#   tools/nnstreamer/check.sh NNSTREAMER_SRC [BUILD_DIR]
#
# NNSTREAMER_SRC is NNStreamer's source tree (checked with v2.6.0-42,
# commit 5b13ea61), e.g. exported from a git mirror; the test models are
# left out (not needed, and a mirror may lack their large blobs):
#
#   mkdir -p /work/nns/src && git -C MIRROR archive --format=tar HEAD -- . \
#       ':(exclude)tests/test_models' | tar -x -C /work/nns/src
#
# BUILD_DIR is NNStreamer's build directory (default: build next to
# NNSTREAMER_SRC, e.g. /work/nns/build).  NNStreamer is configured and built
# there once (delete it to start over); its meson options: every optional
# feature off (--auto-features=disabled, audio-support=disabled, no tests,
# no nnstreamer-check, no pbtxt converter, no cpp filter framework) but
# python3-support; float16 off (its x86 build flag is -mavx512fp16).
# The script also compiles there, in cudapreproc-check/, NNStreamer's two
# passthrough custom filters (tests/nnstreamer_example) and
# tools/nnstreamer/declared-passthrough.c, and writes the nnstreamer.ini
# that points NNStreamer at the build's subplugins.  The plugin is built in
# this repository's build-nns (meson -Dcuda=disabled -Dtests=disabled, the
# plugin target only).  NNStreamer runs uninstalled: GST_PLUGIN_PATH,
# NNSTREAMER_CONF and PYTHONPATH point into the build directories.
#
# Debian 12 packages it needs, installed with apt-get (after apt-get update)
# when missing: meson ninja-build pkg-config gcc g++ libglib2.0-dev
# libgstreamer1.0-dev libgstreamer-plugins-base1.0-dev
# gstreamer1.0-plugins-base python3-dev python3-numpy python3-gi
# gir1.2-gstreamer-1.0.  Nothing else is downloaded.  The checks run in
# Debian's /usr/bin/python3 (tools/nnstreamer/check.py, one process per
# group of checks), whose libpython NNStreamer's python3 filter embeds;
# their stderr (NNStreamer's warnings) goes to BUILD_DIR/cudapreproc-check/
# check.log.  Exits 1 if a check failed or something could not be built.
# Not run by CI or the test suite.
set -u -o pipefail

usage() {
  echo "usage: $0 NNSTREAMER_SRC [BUILD_DIR]" >&2
  exit 2
}
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  usage
fi
if [ ! -f "$1/meson.build" ] || [ ! -d "$1/gst/nnstreamer" ]; then
  echo "check.sh: $1 is not NNStreamer's source tree" >&2
  exit 2
fi
src=$(cd "$1" && pwd)
build=${2:-$(dirname "$src")/build}
case $build in /*) ;; *) build="$PWD/$build" ;; esac
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
work="$build/cudapreproc-check"
# Debian's python3 first: NNStreamer's meson.build runs "python3" to find
# numpy's headers, and the checks must run in the python the filter embeds
export PATH="/usr/bin:/bin:$PATH"
python=/usr/bin/python3

packages="meson ninja-build pkg-config gcc g++ libglib2.0-dev \
  libgstreamer1.0-dev libgstreamer-plugins-base1.0-dev \
  gstreamer1.0-plugins-base python3-dev python3-numpy python3-gi \
  gir1.2-gstreamer-1.0"

# missing_of PACKAGES...: those not installed
missing_of() {
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
      printf ' %s' "$p"
  done
}

# quietly LOG COMMAND...: runs it, its output into LOG, shown when it fails
quietly() {
  log=$1
  shift
  if ! "$@" >"$log" 2>&1; then
    tail -n 40 "$log" >&2
    echo "check.sh: failed: $* (log: $log)" >&2
    exit 1
  fi
}

# shellcheck disable=SC2086
missing=$(missing_of $packages)
if [ -n "$missing" ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "check.sh: missing packages:$missing (run as root to install" \
      "them)" >&2
    exit 1
  fi
  echo "check.sh: installing$missing"
  mkdir -p "$build"
  quietly "$build/apt.log" apt-get update -q
  # shellcheck disable=SC2086
  quietly "$build/apt.log" env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -q --no-install-recommends $missing
fi

start=$(date +%s)
if [ ! -f "$build/build.ninja" ]; then
  echo "check.sh: configuring NNStreamer in $build"
  mkdir -p "$build"
  quietly "$build/setup.log" meson setup "$build" "$src" \
    --auto-features=disabled -Dpython3-support=enabled \
    -Daudio-support=disabled -Denable-test=false -Dinstall-test=false \
    -Denable-nnstreamer-check=false -Denable-pbtxt-converter=false \
    -Denable-cppfilter=false \
    -Denable-float16=false -Dwerror=false
fi
echo "check.sh: building NNStreamer (log: $build/ninja.log)"
quietly "$build/ninja.log" ninja -C "$build"
nns_built=$(date +%s)

# the custom filters: NNStreamer's passthrough examples (a fixed
# 3:280:40:1 uint8 input; any input) and one that declares its input from
# tensor_filter's custom property
mkdir -p "$work/pymod"
examples="$src/tests/nnstreamer_example/custom_example_passthrough"
for c in "$examples/nnstreamer_customfilter_example_passthrough.c" \
  "$examples/nnstreamer_customfilter_example_passthrough_variable.c" \
  "$here/declared-passthrough.c"; do
  # shellcheck disable=SC2046
  quietly "$work/cc.log" gcc -shared -fPIC -O2 -Wall -o \
    "$work/lib$(basename "$c" .c).so" "$c" \
    -I"$src/gst/nnstreamer/include" -I"$build/gst/nnstreamer/include" \
    $(pkg-config --cflags gstreamer-1.0) -L"$build/gst/nnstreamer" \
    -lnnstreamer-single $(pkg-config --libs gstreamer-1.0) \
    -Wl,-rpath,"$build/gst/nnstreamer" -Wl,--no-undefined
done
# NNStreamer's python3 filter imports nnstreamer_python
ln -sf "$build/ext/nnstreamer/extra/nnstreamer_python3.so" \
  "$work/pymod/nnstreamer_python.so"
# NNStreamer's configuration: the build's subplugins
cat >"$work/nnstreamer.ini" <<EOF
[common]
enable_envvar=True
enable_symlink=False

[filter]
filters=$build/ext/nnstreamer/tensor_filter/
customfilters=$work/

[decoder]
decoders=$build/ext/nnstreamer/tensor_decoder/

[converter]
converters=$build/ext/nnstreamer/tensor_converter/
EOF

echo "check.sh: building the plugin in $repo/build-nns"
if [ ! -f "$repo/build-nns/build.ninja" ]; then
  quietly "$work/plugin-setup.log" meson setup "$repo/build-nns" "$repo" \
    -Dcuda=disabled -Dtests=disabled
fi
quietly "$work/plugin-build.log" ninja -C "$repo/build-nns" \
  gst/libgstcudapreproc.so
built=$(date +%s)

export GST_PLUGIN_PATH="$repo/build-nns/gst:$build/gst"
export GST_REGISTRY="$work/registry.bin"
export NNSTREAMER_CONF="$work/nnstreamer.ini"
export PYTHONPATH="$work/pymod"
export NNS_CHECK_LIBS="$work"
# no __pycache__ in the repository (NNStreamer imports pyfilter.py)
export PYTHONDONTWRITEBYTECODE=1
log="$work/check.log"
: >"$log"
out="$work/check.out"
: >"$out"
status=0
for group in custom python3 split transform sink decoder batch; do
  printf "\n== %s\n" "$group" >>"$log"
  timeout 300 "$python" "$here/check.py" "$group" 2>>"$log" | tee -a "$out"
  rc=$?
  if [ "$rc" -ne 0 ] && [ "$rc" -ne 1 ]; then
    echo "FAIL $group (harness): check.py exited with status $rc (see $log)" |
      tee -a "$out"
  fi
  [ "$rc" -eq 0 ] || status=1
done
done_at=$(date +%s)
pass=$(grep -c '^PASS ' "$out")
fail=$(grep -c '^FAIL ' "$out")
echo "nnstreamer checks: $pass passed, $fail failed; NNStreamer build" \
  "$((nns_built - start)) s, plugin build $((built - nns_built)) s," \
  "checks $((done_at - built)) s"
[ "$fail" -eq 0 ] || status=1
exit $status
