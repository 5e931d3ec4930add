#!/usr/bin/env bash
# Installs everything and runs every test: the CMake + Ninja build, whose binary must
# render a PNG; the SwiftPM build and its tests (data and core without a GPU, OpenGL on
# Mesa llvmpipe through EGL, the app under Xvfb); then scripts/stress.sh on the release
# binary (the render fuzzer's 100,000 cases, memory limits, signals, endless input).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
. scripts/env.sh

# A clean environment for the GL tests: no display is needed (offscreen EGL); the window
# tests start their own Xvfb.
export LIBGL_ALWAYS_SOFTWARE=1

echo "== CMake + Ninja build (release)"
cmake -G Ninja -S . -B build -DCMAKE_BUILD_TYPE=Release
cmake --build build
cmake_png=$(mktemp --suffix=.png)
build/bin/sightline render Resources/sample.csv --out "$cmake_png" --size 640x360
file_size=$(stat -c %s "$cmake_png")
[ "$file_size" -gt 1000 ] || { echo "the CMake binary wrote a ${file_size}-byte PNG" >&2; exit 1; }
echo "CMake binary rendered $cmake_png ($file_size bytes)"

# The database sources' tests need real servers: the two-shard ClickHouse cluster and a
# PostgreSQL server, started here (the tests would start them too) and stopped, their
# folders removed, however the run ends (the trap is set first, so a start that fails
# half way is stopped too). Here a server that cannot start fails the tests; elsewhere
# (a machine without the packages) they skip.
trap 'scripts/db/clickhouse.sh stop || true; scripts/db/postgres.sh stop >/dev/null 2>&1 || true' EXIT
scripts/db/clickhouse.sh start
scripts/db/postgres.sh start
export SIGHTLINE_REQUIRE_CLICKHOUSE=1 SIGHTLINE_REQUIRE_POSTGRES=1

echo "== SwiftPM build and tests"
# The import check makes a target that imports one it does not depend on (a lower layer
# reaching up) fail the build, incremental builds included.
swift build --build-tests --explicit-target-dependency-import-check=error
# The tests are XCTest; Swift Testing's runner would only add a "0 tests" summary.
SIGHTLINE_RELEASE_BIN="$PWD/build/bin/sightline" swift test --skip-build --disable-swift-testing "$@"

echo "== Stress: hostile input, memory limits, signals (release binary)"
scripts/stress.sh build/bin/sightline
