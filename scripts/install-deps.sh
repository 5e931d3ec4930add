#!/usr/bin/env bash
# Installs what Sightline needs to build, run and test on Debian 12 (or Ubuntu 24.04):
# the C libraries (SDL2, OpenGL/EGL with Mesa's software rasteriser, FreeType, fontconfig,
# libpng, zlib), label fonts, CMake and Ninja, the end-to-end test tools (Xvfb, xdotool,
# ImageMagick), and, when `swift` is not on PATH, the Swift toolchain from swift.org.
# Run as root, or as a user who can sudo.
set -euo pipefail

SWIFT_VERSION="${SWIFT_VERSION:-6.3.1}"
SWIFT_PREFIX="${SWIFT_PREFIX:-/opt/swift-$SWIFT_VERSION}"

if [ "$(id -u)" -eq 0 ]; then
  sudo=()
elif command -v sudo >/dev/null 2>&1; then
  sudo=(sudo)
else
  echo "install-deps: run as root, or install sudo" >&2
  exit 77
fi

packages=(
  # build
  build-essential pkg-config cmake ninja-build git ca-certificates
  # the C libraries, and Mesa's llvmpipe for OpenGL 3.3 core without a GPU (GLX and EGL)
  libsdl2-dev libgl-dev libegl-dev libfreetype-dev libfontconfig1-dev libpng-dev zlib1g-dev
  libsqlite3-dev
  libgl1-mesa-dri libglx-mesa0 libegl-mesa0
  # fonts for labels: DejaVu Sans (Latin, Cyrillic, Greek, Arabic) and, for Chinese
  # series names, WenQuanYi Micro Hei (1.6 MB download, the smallest CJK font in Debian)
  fonts-dejavu-core fonts-wqy-microhei
  # end-to-end tests: a virtual X server, synthetic input, screenshots, xdpyinfo, the
  # clipboard read back (xclip)
  xvfb xauth xdotool imagemagick x11-utils xclip
  # the sqlite3 shell, which the command line's SQLite tests make their databases with
  sqlite3
  # the ClickHouse source's tests: a two-shard cluster on loopback (scripts/db/clickhouse.sh)
  clickhouse-server clickhouse-client curl
  # the database tests' own PostgreSQL server (scripts/db/postgres.sh starts it)
  postgresql postgresql-client
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -q
  "${sudo[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

if ! command -v swift >/dev/null 2>&1 && [ ! -x "$SWIFT_PREFIX/usr/bin/swift" ]; then
  # Swift is not packaged by Debian; swift.org publishes toolchains per distribution.
  . /etc/os-release
  case "$ID$VERSION_ID" in
    debian12) platform=debian12; folder=debian12 ;;
    ubuntu24.04) platform=ubuntu24.04; folder=ubuntu2404 ;;
    ubuntu22.04) platform=ubuntu22.04; folder=ubuntu2204 ;;
    *) echo "install-deps: no Swift toolchain known for $PRETTY_NAME; install Swift $SWIFT_VERSION from swift.org" >&2; exit 69 ;;
  esac
  "${sudo[@]}" apt-get install -y -q --no-install-recommends curl binutils libc6-dev libcurl4-openssl-dev \
    libedit2 libgcc-12-dev libpython3-dev libsqlite3-0 libstdc++-12-dev libxml2-dev libncurses-dev \
    libz3-dev tzdata unzip zlib1g-dev
  name="swift-$SWIFT_VERSION-RELEASE"
  url="https://download.swift.org/swift-$SWIFT_VERSION-release/$folder/$name/$name-$platform.tar.gz"
  echo "install-deps: downloading $url"
  tmp=$(mktemp -d)
  curl -fL --retry 3 -o "$tmp/swift.tar.gz" "$url"
  "${sudo[@]}" mkdir -p "$SWIFT_PREFIX"
  "${sudo[@]}" tar -xzf "$tmp/swift.tar.gz" -C "$SWIFT_PREFIX" --strip-components=1
  rm -rf "$tmp"
  echo "install-deps: Swift installed in $SWIFT_PREFIX; add $SWIFT_PREFIX/usr/bin to PATH"
fi
