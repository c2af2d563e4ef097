'use strict';
/** Fixed values of the client-information stand-in: credentials, scopes, events, seeded records. */
const API = '/partner_api/v1';
const CLIENT_ID = 'ci-client-id-0001';
const CLIENT_SECRET = 'ci-client-secret-5e7a9c1b3d';
/** Seeded tokens of the seeded account, valid for a long time (e2e credentials use them). */
const ACCESS_TOKEN = 'ci-access-7f3e9a21c4b8d6e0';
const REFRESH_TOKEN = 'ci-refresh-2b8d4f6a1c3e5907';
const ALL_SCOPES = [
	'read_clients',
	'write_clients',
	'read_team_members',
	'write_team_members',
	'read_requests',
	'write_requests',
	'review_requests',
	'read_templates',
	'administration',
];
const EVENTS = [
	'request_created',
	'request_published',
	'request_completed',
	'request_updated',
	'request_archived',
	'request_viewed',
	'client_created',
	'client_updated',
	'field_completed',
	'field_approved',
	'field_rejected',
	'comment_created',
	'all_fields_completed',
];
const STATUSES = ['published', 'waiting', 'scheduled', 'draft', 'completed', 'archived'];
const TEMPLATES = [
	{ id: '6c1f3a52-0b7e-4d8a-9e21-5a7c9d3b1f01', name: 'Client onboarding' },
	{ id: '6c1f3a52-0b7e-4d8a-9e21-5a7c9d3b1f02', name: 'Tax return documents' },
	{ id: '6c1f3a52-0b7e-4d8a-9e21-5a7c9d3b1f03', name: 'Website content' },
];
const SEEDED_CLIENT_ID = '2a9d6e41-5c3b-4f7a-8e12-9b0c1d2e3f01';

const CLIENT_FIELDS = new Set(['name', 'email', 'full_name', 'first_name', 'last_name', 'phone', 'client_companies', 'company_name', 'notes']);
const REQUEST_FIELDS = new Set([
	'name',
	'client_id',
	'template_id',
	'due_date',
	'client_email',
	'client_full_name',
	'client_phone',
	'company_name',
	'request_template_id',
	'request_template_name',
	'due',
	'status',
	'message',
]);
const EMAIL = /^[^\s@<>(),;:"[\]]+@[^\s@<>(),;:"[\]]+\.[^\s@<>(),;:"[\]]{2,}$/;

module.exports = {
	API,
	CLIENT_ID,
	CLIENT_SECRET,
	ACCESS_TOKEN,
	REFRESH_TOKEN,
	ALL_SCOPES,
	EVENTS,
	STATUSES,
	TEMPLATES,
	SEEDED_CLIENT_ID,
	CLIENT_FIELDS,
	REQUEST_FIELDS,
	EMAIL,
};
