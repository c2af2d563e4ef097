'use strict';
/* Governance Trigger polling every minute (n8n 2.x, 2.40.7): e2e/lib/governance-trigger-scenario.js. */
const { governanceTriggerScenario } = require('../lib/governance-trigger-scenario');

module.exports = governanceTriggerScenario({ everyFewSeconds: false });
