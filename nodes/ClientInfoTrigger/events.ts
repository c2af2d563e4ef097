import type { INodePropertyOptions } from 'n8n-workflow';

/** The platform's webhook subscriptions (platforms.md §3). */
export const EVENT_OPTIONS: INodePropertyOptions[] = [
	{ name: 'All Fields Completed', value: 'all_fields_completed', description: 'Every field of a request has been completed' },
	{ name: 'Client Created', value: 'client_created' },
	{ name: 'Client Updated', value: 'client_updated' },
	{ name: 'Comment Created', value: 'comment_created' },
	{ name: 'Field Approved', value: 'field_approved' },
	{ name: 'Field Completed', value: 'field_completed' },
	{ name: 'Field Rejected', value: 'field_rejected' },
	{ name: 'Request Archived', value: 'request_archived' },
	{ name: 'Request Completed', value: 'request_completed' },
	{ name: 'Request Created', value: 'request_created' },
	{ name: 'Request Published', value: 'request_published', description: 'A request was sent to its client' },
	{ name: 'Request Updated', value: 'request_updated' },
	{ name: 'Request Viewed', value: 'request_viewed', description: 'The client opened a request' },
];

export const EVENTS = EVENT_OPTIONS.map((option) => String(option.value));
