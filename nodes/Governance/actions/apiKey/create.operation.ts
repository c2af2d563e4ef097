import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { showFor } from '../../../shared';
import { createKey } from '../../core/calls';
import { projectLocator, readProject } from '../../core/project';
import { inProject } from '../../transport';
import { keyUserLocator, readKeyUser } from './common';

export const description: INodeProperties[] = showFor('apiKey', 'create', [
	projectLocator,
	keyUserLocator,
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [
			{
				displayName: 'Label',
				name: 'label',
				type: 'string',
				default: '',
				description: 'Name shown for the key in the platform',
			},
			{
				displayName: 'Notes',
				name: 'notes',
				type: 'string',
				default: '',
				description: 'Free text kept with the key',
			},
			{
				displayName: 'Lifetime (Hours)',
				name: 'ttlHours',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: 0,
				description: 'Hours until the key expires (sent as ttl_hours); 0, the default, sends nothing: the key does not expire',
			},
		],
	},
]);

/** One output item per input item. */
export const returns = 'item';

/** Creates an API key for the user; the output holds the new key (`api_key`) and its `id`. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const userId = readKeyUser(this, itemIndex);
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const body: IDataObject = {};
	if (typeof options.label === 'string' && options.label.trim() !== '') body.label = options.label.trim();
	if (typeof options.notes === 'string' && options.notes !== '') body.notes = options.notes;
	if (options.ttlHours !== undefined && options.ttlHours !== '') {
		const ttl = Number(options.ttlHours);
		if (!Number.isFinite(ttl) || ttl < 0) {
			throw new NodeOperationError(this.getNode(), 'Lifetime (Hours) must be a number, 0 or more', {
				itemIndex,
				description: `Got "${String(options.ttlHours)}". Use 0 (or remove the option) for a key that does not expire.`,
			});
		}
		// 0, the shown default, is the same as no option: the key does not expire
		if (ttl > 0) body.ttl_hours = ttl;
	}
	const created = await createKey(inProject(this, await readProject(this, itemIndex)), itemIndex, userId, body);
	return { user_id: userId, ...created };
}
