#!/usr/bin/env bash
# online_screens.sh MAP OUTDIR - host and join an online game in two window processes on
# one Xvfb screen, like two people: the host goes Menu -> Online -> Host a game -> Open
# table with xdotool keys; the guest opens `ttr join`'s screen filled in with the address
# and invite code the host's server printed, joins and says Ready; the host starts. Each
# window then plays its seat (the UI test bot) to the scoring screen; the third seat is a
# Medium AI on the host's server. Screenshots: OUTDIR/host/*.png, OUTDIR/guest/*.png and
# whole-screen shots OUTDIR/screen-*.png. Needs Xvfb, xdotool, ImageMagick (import).
set -euo pipefail
MAP=${1:-usa}
OUT=${2:-/tmp/online-$MAP}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
PY=${PYTHON:-python3}
rm -rf "$OUT"
mkdir -p "$OUT"
Xvfb -displayfd 5 -screen 0 2580x820x24 -nolisten tcp 5>"$OUT/display" 2>"$OUT/xvfb.log" &
XPID=$!
for _ in $(seq 100); do [ -s "$OUT/display" ] && break; sleep 0.1; done
DNUM=$(head -1 "$OUT/display")
export DISPLAY=":$DNUM" SDL_AUDIODRIVER=dummy PYTHONPATH="$ROOT"
unset SDL_VIDEODRIVER
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; kill "$XPID" 2>/dev/null || true; }
trap cleanup EXIT
shot() { import -display "$DISPLAY" -window root "$OUT/screen-$1.png"; }
win() { local w=""; for _ in $(seq 100); do w=$(xdotool search --classname "$1" 2>/dev/null | head -1) && [ -n "$w" ] && break; sleep 0.2; done; echo "$w"; }
keys() {  # keys to a window, the pointer parked in its corner (hovering moves the focus)
  local w=$1; shift
  xdotool mousemove --window "$w" 4 796
  for k in "$@"; do xdotool key --window "$w" "$k"; sleep 0.6; done
}

TTR_HOME="$OUT/host-home" SDL_VIDEO_X11_WMCLASS=ttrhost \
  "$PY" "$ROOT/tests/ui/online_window.py" --shots "$OUT/host" --seed 1 >"$OUT/host.log" 2>&1 &
pids+=($!)
HWIN=$(win ttrhost); xdotool windowmove "$HWIN" 0 0; sleep 2
click() { xdotool mousemove --window "$1" "$2" "$3" click 1; sleep 0.8; }
click "$HWIN" 640 366                          # Menu -> Online
shot 0-online-menu
click "$HWIN" 640 268                          # Host a game
if [ "$MAP" = europe ]; then                   # the map picker's right arrow: USA -> Europe
  xdotool mousemove --window "$HWIN" 625 196 click 1; sleep 0.6
fi
shot 1-host-setup
keys "$HWIN" Return                            # Open table
LOG="$OUT/host-home/logs/server.log"
for _ in $(seq 100); do grep -q "invite code" "$LOG" 2>/dev/null && break; sleep 0.2; done
PORT=$(grep -o "listening on ws://[^ ]*" "$LOG" | head -1 | sed 's/.*:\([0-9]*\)\/v1/\1/')
CODE=$(grep -o "invite code [A-Z0-9]*" "$LOG" | head -1 | awk '{print $3}')
echo "host server on port $PORT, invite code $CODE"
sleep 2; shot 2-host-lobby

TTR_HOME="$OUT/guest-home" SDL_VIDEO_X11_WMCLASS=ttrguest \
  "$PY" "$ROOT/tests/ui/online_window.py" --shots "$OUT/guest" --seed 2 \
  --join "127.0.0.1:$PORT" --code "$CODE" --name Gus >"$OUT/guest.log" 2>&1 &
pids+=($!)
GWIN=$(win ttrguest); xdotool windowmove "$GWIN" 1290 0; sleep 4  # LAN search
shot 3-join-filled
keys "$GWIN" Return; sleep 2                   # Join
shot 4-guest-lobby
keys "$GWIN" Return; sleep 1                   # Ready
keys "$HWIN" Return                            # Start
sleep 4; shot 5-boards
for i in 6 7 8; do sleep 25; shot "$i-playing"; done
for _ in $(seq 600); do
  grep -q "final scores shown" "$OUT/host.log" && grep -q "final scores shown" "$OUT/guest.log" && break
  sleep 1
done
grep -h "scene\|final" "$OUT/host.log" "$OUT/guest.log"
