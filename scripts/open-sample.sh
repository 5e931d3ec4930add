#!/usr/bin/env bash
# Installs everything, builds Sightline, and opens the bundled sample in a window (or,
# with no display, renders it to a PNG and says where).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
. scripts/env.sh
swift build -c release --product sightline
exec .build/release/sightline Resources/sample.csv "$@"
