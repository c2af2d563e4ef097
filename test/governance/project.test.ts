import type { GovernanceServer } from './harness';
import { ADMIN_KEY, ORGANIZATION_ID, PROJECT_ID, runGovernance, startServer } from './harness';

let srv: GovernanceServer;
beforeEach(async () => {
	srv = await startServer();
});
afterEach(async () => {
	await srv.stop();
});

describe('project → create', () => {
	test('creates the project with `Bearer :<key>` and returns its project_id', async () => {
		const { output, error } = await runGovernance(srv, {
			parameters: {
				resource: 'project',
				operation: 'create',
				name: 'Agents',
				description: 'Agents of the sales team',
				organizationId: ORGANIZATION_ID,
				additionalFields: { field: [{ name: 'language', value: 'en' }] },
			},
		});
		expect(error).toBeUndefined();
		expect(output).toHaveLength(1);
		const projectId = output[0].json.project_id as string;
		expect(projectId).toMatch(/^proj-/);
		expect(srv.state.projects[projectId]).toMatchObject({
			name: 'Agents',
			description: 'Agents of the sales team',
			organization_id: ORGANIZATION_ID,
			language: 'en',
		});
		expect(srv.requests).toHaveLength(1);
		expect(srv.requests[0].method).toBe('POST');
		expect(srv.requests[0].path).toBe('/latest/projects/create');
		expect(srv.requests[0].headers.authorization).toBe(`Bearer :${ADMIN_KEY}`);
		expect(srv.requests[0].headers['content-type']).toMatch(/^application\/json/);
		expect(JSON.parse(srv.requests[0].body ?? '')).toEqual({
			name: 'Agents',
			description: 'Agents of the sales team',
			organization_id: ORGANIZATION_ID,
			language: 'en',
		});
	});

	test('one project per input item, each paired with its item', async () => {
		const { output } = await runGovernance(srv, {
			items: [{ name: 'A' }, { name: 'B' }, { name: 'C' }],
			parameters: {
				resource: 'project',
				operation: 'create',
				name: '={{ $json.name }}',
				description: 'x',
				organizationId: ORGANIZATION_ID,
			},
		});
		expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		const names = output.map((item) => srv.state.projects[item.json.project_id as string].name);
		expect(names).toEqual(['A', 'B', 'C']);
	});

	test('an unknown organization is reported with the platform message and status', async () => {
		const { error } = await runGovernance(srv, {
			parameters: { resource: 'project', operation: 'create', name: 'A', description: 'd', organizationId: 'org-nope' },
		});
		expect(error?.message).toContain('Organization org-nope not found');
		expect(error?.message).toContain('404');
		expect(error?.httpCode).toBe('404');
	});
});

describe('project → getAll', () => {
	// the 5 seeded projects + 245 = 250 projects the admin key sees
	beforeEach(() => srv.addProjects(245));

	test('Return All pages through all 250 projects with ceil(250/100) = 3 requests', async () => {
		const { output, error } = await runGovernance(srv, {
			parameters: { resource: 'project', operation: 'getAll', returnAll: true },
		});
		expect(error).toBeUndefined();
		expect(output).toHaveLength(250);
		expect(new Set(output.map((item) => item.json.project_id)).size).toBe(250);
		expect(srv.requests.map((request) => request.query)).toEqual([
			{ page: '1', page_size: '100' },
			{ page: '2', page_size: '100' },
			{ page: '3', page_size: '100' },
		]);
		for (const request of srv.requests) {
			expect(request.headers.authorization).toBe(`Bearer ${PROJECT_ID}:${ADMIN_KEY}`);
		}
	});

	test('Limit 7 asks for one page of 7', async () => {
		const { output } = await runGovernance(srv, {
			parameters: { resource: 'project', operation: 'getAll', returnAll: false, limit: 7 },
		});
		expect(output).toHaveLength(7);
		expect(srv.requests.map((request) => request.query)).toEqual([{ page: '1', page_size: '7' }]);
	});

	test('Limit 150 fetches two pages of 100, not all three', async () => {
		const { output } = await runGovernance(srv, {
			parameters: { resource: 'project', operation: 'getAll', returnAll: false, limit: 150 },
		});
		expect(output).toHaveLength(150);
		expect(srv.requests).toHaveLength(2);
	});
});

describe('project → delete', () => {
	test('stops with "not available yet" and sends no request', async () => {
		const { error, output } = await runGovernance(srv, {
			parameters: { resource: 'project', operation: 'delete', projectId: PROJECT_ID },
		});
		expect(output).toHaveLength(0);
		expect(error?.message).toBe('Deleting a project is not available yet');
		expect(error?.context?.itemIndex).toBe(0);
		expect(srv.requests).toHaveLength(0);
		expect(srv.state.projects[PROJECT_ID]).toBeDefined();
	});
});

describe('project → update', () => {
	test('POSTs name and description for the credential\'s project, with Bearer <project>:<key>', async () => {
		const { output, error } = await runGovernance(srv, {
			parameters: { resource: 'project', operation: 'update', updateFields: { name: ' Renamed ', description: 'New text' } },
		});
		expect(error).toBeUndefined();
		expect(output[0].json).toEqual({ project_id: PROJECT_ID, name: 'Renamed', description: 'New text', status: 'success', message: 'Project updated' });
		expect(srv.requests[0]).toMatchObject({ method: 'POST', path: '/latest/projects/update' });
		expect(srv.requests[0].headers.authorization).toBe(`Bearer ${PROJECT_ID}:${ADMIN_KEY}`);
		expect(JSON.parse(srv.requests[0].body ?? '')).toEqual({ name: 'Renamed', description: 'New text' });
		expect(srv.state.projects[PROJECT_ID]).toMatchObject({ name: 'Renamed', description: 'New text' });
	});

	test('only the description: the name is not sent', async () => {
		await runGovernance(srv, { parameters: { resource: 'project', operation: 'update', updateFields: { description: '' } } });
		expect(JSON.parse(srv.requests[0].body ?? '')).toEqual({ description: '' });
		expect(srv.state.projects[PROJECT_ID].name).toBe('E2E project');
	});
});
