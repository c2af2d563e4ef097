'use strict';
// package.json beside this file says why this is not the real @n8n/ai-node-sdk
throw new Error(
	"@n8n/ai-node-sdk is a stand-in in this repository (scripts/stubs/ai-node-sdk): only n8n-node new's AI node templates use the SDK",
);
