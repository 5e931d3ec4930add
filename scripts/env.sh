# Sourced by the other scripts: puts a Swift toolchain installed by install-deps.sh on
# PATH when none is there already.
if ! command -v swift >/dev/null 2>&1; then
  for candidate in /opt/swift-*/usr/bin /opt/swift/usr/bin; do
    if [ -x "$candidate/swift" ]; then
      PATH="$candidate:$PATH"
      export PATH
      break
    fi
  done
fi
