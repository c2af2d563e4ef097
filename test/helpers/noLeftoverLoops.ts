/**
 * Every jest test file: a trigger's background loops (scheduled recovery, catch-up) end with the
 * test that started them, as they do when n8n stops, and the step a loop is in finishes first. A
 * loop left running would send its requests into the next test's record of requests (seen on a
 * busy machine: a recovery pass of an earlier test's hook in the middle of a deactivation test).
 */
import { loopsEnded, stopAllLoops } from '../../nodes/shared/background';

afterEach(async () => {
	stopAllLoops();
	await loopsEnded();
});
