'use strict';
/* Governance Trigger polling every 5 s (n8n 1.x): e2e/lib/governance-trigger-scenario.js. */
const { governanceTriggerScenario } = require('../lib/governance-trigger-scenario');

module.exports = governanceTriggerScenario({ everyFewSeconds: true });
