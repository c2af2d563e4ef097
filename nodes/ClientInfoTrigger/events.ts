import type { INodePropertyOptions } from 'n8n-workflow';

/** The platform's webhook subscriptions (platforms.md §3). */
export const EVENT_OPTIONS: INodePropertyOptions[] = [
	{ name: 'All Fields Completed', value: 'all_fields_completed', description: 'Every field of a request is completed' },
	{ name: 'Client Created', value: 'client_created', description: 'A client is added to the account' },
	{ name: 'Client Updated', value: 'client_updated', description: "A client's details change" },
	{ name: 'Comment Created', value: 'comment_created', description: 'Someone comments on a request or one of its fields' },
	{ name: 'Field Approved', value: 'field_approved', description: "A reviewer approves the client's answer to a field" },
	{ name: 'Field Completed', value: 'field_completed', description: 'The client completes a field of a request' },
	{ name: 'Field Rejected', value: 'field_rejected', description: "A reviewer rejects the client's answer to a field, asking for it again" },
	{ name: 'Request Archived', value: 'request_archived', description: 'A request is archived' },
	{ name: 'Request Completed', value: 'request_completed', description: 'A request is marked completed' },
	{ name: 'Request Created', value: 'request_created', description: 'A request is created (as a draft or to send later)' },
	{ name: 'Request Published', value: 'request_published', description: 'A request is sent to its client' },
	{ name: 'Request Updated', value: 'request_updated', description: "A request's details change (name, due date, status, ...)" },
	{ name: 'Request Viewed', value: 'request_viewed', description: 'The client opens a request' },
];

export const EVENTS = EVENT_OPTIONS.map((option) => String(option.value));
