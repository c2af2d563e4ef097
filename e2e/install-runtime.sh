#!/usr/bin/env bash
# Installs the pinned n8n runtime VERSION (default 2.38.7) into the cache and prints its folder.
# See e2e/install-runtime.js; `--env` prints the environment to run that n8n.
set -euo pipefail
exec node "$(dirname "$0")/install-runtime.js" "$@"
