import type { IDataObject } from 'n8n-workflow';

import { pick, withoutUndefined } from '../../shared';

/* What Simplify returns per Content Snare object: the fields a person reads (docs/mcp.md, "Simplify"). */

/** A client: ID, name, email, companies, phone. */
export function simplifyClient(client: IDataObject): IDataObject {
	return withoutUndefined({
		id: client.id,
		name: client.full_name ?? client.name,
		email: client.email,
		companies: Array.isArray(client.client_companies) ? client.client_companies.map((company) => pick(company, 'name')).filter(Boolean) : undefined,
		phone: client.phone ?? undefined,
	});
}

/** A request: ID, name, status, client, due date, created at. */
export function simplifyRequest(request: IDataObject): IDataObject {
	return withoutUndefined({
		id: request.id,
		name: request.name,
		status: request.status,
		clientId: request.client_id ?? pick(request, 'client', 'id'),
		clientName: pick(request, 'client', 'full_name') ?? pick(request, 'client', 'name'),
		dueDate: request.due_date ?? request.due ?? undefined,
		createdAt: request.created_at,
	});
}
