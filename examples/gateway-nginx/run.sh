#!/bin/sh
# Starts two gateway replicas (a on 8081, b on 8082) and nginx on 8080 in the foreground; Ctrl-C stops all.
# Usage: TOKENS=/path/to/tokens MCP_CONFIG=/path/to/mcp.json ./run.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
cli="$here/../../bin/codeagent.js"
: "${TOKENS:?set TOKENS to an owner-only file of 'TOKEN PROFILE' lines}"
set -- --token-file "$TOKENS"
[ -n "${MCP_CONFIG:-}" ] && set -- "$@" --mcp-config "$MCP_CONFIG"
mkdir -p "$here/tmp"
node "$cli" mcp serve --http 127.0.0.1:8081 --replica a "$@" &
a=$!
node "$cli" mcp serve --http 127.0.0.1:8082 --replica b "$@" &
b=$!
trap 'kill -TERM $a $b 2>/dev/null; wait' INT TERM EXIT
nginx -p "$here" -c nginx.conf -g 'daemon off;'
