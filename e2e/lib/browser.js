'use strict';
/*
 * n8n's editor in a real browser (playwright-core driving Debian's chromium, lib/chromium.js).
 * `openEditor` logs in as the owner and returns an Editor whose helpers act as a person does and
 * which records what a person would notice: console errors, page errors, n8n's error toasts.
 */
const { ensureChromium, isExternal } = require('./chromium');
const { trackLoads } = require('./param-loads');
const { escapeRegExp } = require('./editor-model');

const VIEWPORT = { width: 1440, height: 900 };

class Editor {
	constructor(browser, page, baseUrl) {
		this.browser = browser;
		this.page = page;
		this.baseUrl = baseUrl;
		/** what a person would notice, since the last take() */
		this.problems = [];
		this.ready = false;
		page.on('console', (msg) => {
			if (!this.ready || msg.type() !== 'error') return;
			const where = msg.location()?.url ?? '';
			// n8n asks outside services (templates, community node previews, news); here they
			// are blocked, which says nothing about the pack
			if (isExternal(where) || /ERR_BLOCKED_BY_CLIENT|ERR_CERT|ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED/.test(msg.text())) return;
			this.problems.push(`console error: ${msg.text().slice(0, 500)}${where ? ` (${where})` : ''}`);
		});
		page.on('pageerror', (error) => this.problems.push(`page error: ${error.message.slice(0, 500)}`));
		trackLoads(this, page);
	}

	/** A mark in the editor's parameter loads: loads after it are `since` it. */
	loadMark() {
		return this.seq;
	}

	/**
	 * Waits until parameter `name` has a load after `since` and none of its loads is still on its
	 * way; resolves to the newest one ({count, error}).
	 */
	async loaded(name, since, { timeoutMs = 90_000 } = {}) {
		const mine = (l) => l.seq > since && (l.path === name || l.path.endsWith(`.${name}`));
		const started = Date.now();
		for (;;) {
			const loads = this.loads.filter(mine);
			if (loads.length && loads.every((l) => l.done)) return loads[loads.length - 1];
			if (Date.now() - started > timeoutMs) {
				throw new Error(`waited ${timeoutMs / 1000} s for the editor's answer listing "${name}" (${loads.length ? `${loads.filter((l) => !l.done).length} request(s) unanswered` : 'no request made'})`);
			}
			await this.page.waitForTimeout(50);
		}
	}

	/** Waits until the visible `items` number `count` (the entries the answer held). */
	async listed(items, count, what, { timeoutMs = 30_000 } = {}) {
		const started = Date.now();
		for (;;) {
			const shown = await items.count();
			if (shown >= count) return shown;
			if (Date.now() - started > timeoutMs) throw new Error(`${what}: the answer held ${count} entries, ${shown} shown after ${timeoutMs / 1000} s`);
			await this.page.waitForTimeout(50);
		}
	}

	/** Problems noticed since the last call, and forgets them. */
	take() {
		const out = this.problems;
		this.problems = [];
		return out;
	}

	async errorToasts() {
		const toasts = this.page.locator('.el-notification:has(.el-notification--error)');
		const texts = [];
		for (const toast of await toasts.all()) {
			if (await toast.isVisible()) texts.push((await toast.innerText()).replace(/\s+/g, ' ').trim());
		}
		return texts;
	}

	async closeToasts() {
		for (const close of await this.page.locator('.el-notification__closeBtn').all()) {
			await close.click({ timeout: 1000 }).catch(() => {});
		}
	}

	async login(email, password) {
		const { page } = this;
		await page.goto(`${this.baseUrl}/signin`);
		await page.locator('input[type=email]').fill(email);
		await page.locator('input[type=password]').fill(password);
		await page.keyboard.press('Enter');
		await page.waitForURL((url) => !/\/signin/.test(url.pathname), { timeout: 60_000 });
		this.ready = true;
	}

	/** Reads the editor's own state (its pinia stores) in the page. */
	async store(fn, arg) {
		return this.page.evaluate(
			([source, a]) => {
				const pinia = document.querySelector('#app').__vue_app__.config.globalProperties.$pinia;
				// eslint-disable-next-line no-new-func
				return new Function('pinia', 'arg', `return (${source})(pinia, arg)`)(pinia, a);
			},
			[fn.toString(), arg],
		);
	}

	/**
	 * The node whose panel is open, as the editor holds it: {name, parameters, issues}
	 * (issues: {parameters: {name: [messages]}, credentials?: …}). n8n 2.x keeps one ndv store per
	 * workflow document ("ndv/<id>@latest"); older ones a single "ndv" store.
	 */
	async activeNode() {
		const node = await this.store((pinia) => {
			for (const [id, st] of pinia._s) {
				if (!/^ndv(\/|$)/.test(id) || !st.activeNode) continue;
				const { name, parameters, issues } = st.activeNode;
				return JSON.parse(JSON.stringify({ name, parameters, issues: issues ?? {} }));
			}
			return null;
		});
		if (!node) throw new Error('no node panel is open');
		return node;
	}

	/**
	 * Opens workflow `id` as a link inside the editor does (its router: no reload of the whole
	 * app, which takes ~7 s each time here); a full page load when the app is not up yet.
	 */
	async openWorkflow(id, empty = false) {
		const routed = await this.page
			.evaluate((path) => {
				const router = document.querySelector('#app')?.__vue_app__?.config.globalProperties.$router;
				if (!router) return false;
				void router.push(path); // not awaited: leaving unsaved changes asks first
				return true;
			}, `/workflow/${id}`)
			.catch(() => false);
		if (!routed) {
			await this.page.goto(`${this.baseUrl}/workflow/${id}`);
		} else {
			const arrived = (url) => url.pathname.endsWith(`/workflow/${id}`);
			const leave = this.page.getByRole('button', { name: /leave without saving|don.t save|discard/i });
			const first = await Promise.race([
				this.page.waitForURL(arrived, { timeout: 10_000, waitUntil: 'commit' }).then(() => 'arrived'),
				leave.first().waitFor({ timeout: 10_000 }).then(() => 'asked'),
			]).catch(() => 'not routed');
			if (first === 'asked') {
				await leave.first().click();
				await this.page.waitForURL(arrived, { timeout: 30_000, waitUntil: 'commit' });
			} else if (first === 'not routed') {
				// a navigation of the app itself was under way (e.g. right after logging in)
				await this.page.goto(`${this.baseUrl}/workflow/${id}`);
			}
		}
		await this.page.getByTestId(empty ? 'canvas-plus-button' : 'canvas-node').first().waitFor({ timeout: 60_000 });
	}

	/**
	 * Reads `read()` until it gives the same non-empty answer twice `quietMs` apart (the editor has
	 * finished rendering what the last action changed), within `timeoutMs`; answers the last read.
	 */
	async settled(read, { timeoutMs = 60_000, quietMs = 300 } = {}) {
		const end = Date.now() + timeoutMs;
		let last = await read();
		for (;;) {
			await this.page.waitForTimeout(quietMs);
			const now = await read();
			const same = JSON.stringify(now) === JSON.stringify(last);
			last = now;
			if ((same && (Array.isArray(now) ? now.length > 0 : Boolean(now))) || Date.now() > end) return last;
		}
	}

	/** Waits until the page has drawn what the last change rendered (two animation frames). */
	async painted() {
		await this.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
	}

	/** Opens the node creator and searches `text`; returns the names listed. */
	async search(text) {
		const { page } = this;
		await this.closeCreator();
		// an empty canvas opens the creator on triggers, one with a node on everything
		const first = page.getByTestId('canvas-plus-button');
		if (await first.isVisible()) await first.click();
		else await page.getByTestId('node-creator-plus-button').click();
		const bar = page.getByTestId('node-creator-search-bar');
		await bar.fill(text);
		// the list filters as the text comes: read it once it stopped changing
		return await this.settled(async () => (await page.getByTestId('node-creator-item-name').allInnerTexts()).map((t) => t.trim()));
	}

	async closeCreator() {
		if (await this.page.getByTestId('node-creator').isVisible()) await this.page.keyboard.press('Escape');
		await this.page.getByTestId('node-creator').waitFor({ state: 'hidden', timeout: 5000 }).catch(() => {});
	}

	/** Clicks the search result named exactly `name`; returns the details panel's texts. */
	async openCreatorItem(name) {
		const { page } = this;
		await page.getByTestId('node-creator-item-name').filter({ hasText: new RegExp(`^\\s*${escapeRegExp(name)}\\s*$`) }).first().click();
		const panel = page.getByTestId('node-creator');
		// the item's details replace the list: read them once they stopped changing
		return await this.settled(async () => (await panel.innerText()).replace(/\n{2,}/g, '\n'));
	}

	/**
	 * In an opened creator item, clicks an action of node type `type` (the first one, or the one
	 * whose text contains `text`); the node panel opens.
	 */
	async addAction(type, text) {
		const { page } = this;
		let actions = page.getByTestId('node-creator').locator(`[data-keyboard-nav-type=action][data-keyboard-nav-id^="${type}-"]`);
		if (text) actions = actions.filter({ hasText: text });
		await actions.first().click();
		await page.getByTestId('ndv').waitFor({ timeout: 30_000 });
		await page.waitForTimeout(300);
	}

	async closeNdv() {
		const { page } = this;
		if (await page.getByTestId('ndv').isVisible()) {
			await page.getByTestId('ndv-close-button').click().catch(() => page.keyboard.press('Escape'));
			await page.getByTestId('ndv').waitFor({ state: 'hidden', timeout: 10_000 }).catch(() => {});
		}
	}

	/**
	 * What the open node panel shows: `names` of the parameter inputs (top level and nested) and
	 * `lines`, its parameter pane's text lines (collections show their display name as a header).
	 */
	async shownParameters() {
		return this.page.getByTestId('ndv').evaluate((root) => {
			const names = [...root.querySelectorAll('[data-test-id^="parameter-input-"]')]
				.map((el) => el.getAttribute('data-test-id').slice('parameter-input-'.length))
				.filter((name) => name && name !== 'field' && name !== 'item');
			const pane = root.querySelector('[data-test-id=node-parameters]');
			const lines = (pane?.innerText ?? '').split('\n').map((l) => l.trim()).filter(Boolean);
			return { names, lines };
		});
	}

	/** Visible dropdown items after clicking `trigger`. */
	async openDropdown(trigger, { wait = true } = {}) {
		const { page } = this;
		// a list that is still closing would be read as part of this one
		await this.dropdownsClosed();
		await trigger.click();
		const items = page.locator('.el-select-dropdown__item:visible');
		if (wait) {
			await items.first().waitFor({ timeout: 60_000 });
			await page.waitForTimeout(100);
		}
		return items;
	}

	async closeDropdown() {
		await this.page.keyboard.press('Escape');
		await this.dropdownsClosed();
	}

	/** Waits until no select list is shown (a list still closing would be read into the next one). */
	async dropdownsClosed() {
		await this.page
			.waitForFunction(() => ![...document.querySelectorAll('.el-select-dropdown__item')].some((el) => el.offsetParent !== null && el.getClientRects().length > 0), null, { timeout: 60_000, polling: 50 })
			.catch(() => {
				throw new Error('a select list was still shown after 60 s');
			});
	}

	/** Option names of the options parameter `name` in the node panel, as listed. */
	async options(name) {
		const items = await this.openDropdown(this.page.getByTestId(`parameter-input-${name}`));
		const texts = await items.evaluateAll((els) => els.map((el) => (el.querySelector('.option-headline') ?? el).textContent.trim()));
		await this.closeDropdown();
		return texts;
	}

	/** Chooses option `text` of the options parameter `name`; its parameters' loads count from here. */
	async choose(name, text) {
		const input = this.page.getByTestId(`parameter-input-${name}`);
		const items = await this.openDropdown(input);
		this.lastChoice = this.loadMark();
		await items.filter({ has: this.page.locator('.option-headline').getByText(text, { exact: true }) }).first().click();
		// the select shows the choice once the panel has taken it; then its parameters re-render
		await input
			.locator('input')
			.first()
			.evaluate(
				(el, want) =>
					new Promise((resolve, reject) => {
						const end = Date.now() + 60_000;
						const check = () => (el.value === want ? resolve() : Date.now() > end ? reject(new Error(`shows "${el.value}"`)) : setTimeout(check, 20));
						check();
					}),
				text,
			)
			.catch((error) => {
				throw new Error(`"${name}": chose "${text}", but after 60 s the select ${error.message.replace(/^.*?(shows)/s, '$1')}`);
			});
		// the panel re-renders the parameters of the choice: read the page after it has drawn them
		await this.painted();
	}

	/**
	 * Resource locator `name`: switches it to From List, opens the list and returns the item
	 * texts; with `pick` it chooses the item with that text (or the first one for true).
	 */
	async listPicker(name, pick) {
		const { page } = this;
		const rlc = page.getByTestId(`resource-locator-${name}`);
		await rlc.waitFor({ timeout: 10_000 });
		const mode = rlc.getByTestId('rlc-mode-selector');
		await mode.click();
		await page.getByTestId('mode-list').filter({ visible: true }).first().click();
		await page.waitForTimeout(200);
		const since = this.loadMark();
		await rlc.getByTestId('rlc-input').click();
		const items = page.getByTestId('rlc-item').filter({ visible: true });
		// the list is read once the editor has its answer, and shows what the answer held
		const load = await this.loaded(name, since);
		if (load.error) throw new Error(`"${name}": the editor's request for the list failed: ${load.error}`);
		await this.listed(items, load.count ?? 1, `"${name}"`);
		const texts = (await items.allInnerTexts()).map((t) => t.split('\n')[0].trim());
		const found = pick === true ? texts.length > 0 : texts.some((t) => t.includes(pick));
		if (pick && found) {
			const target = pick === true ? items.first() : items.filter({ hasText: pick }).first();
			await target.click();
			await page.waitForTimeout(300);
		} else {
			await page.keyboard.press('Escape');
			// an empty list stays open over the next parameter: click beside it
			await page.getByTestId('ndv-input-panel').click({ position: { x: 20, y: 200 }, force: true }).catch(() => {});
			await page.waitForTimeout(200);
		}
		return texts;
	}

	/** Chooses the credential named `name` in the open node panel. */
	async chooseCredential(name) {
		const { page } = this;
		await page.getByTestId('node-credentials-select').click();
		await page.locator('.el-select-dropdown__item:visible').filter({ hasText: name }).first().click();
		await page.waitForTimeout(300);
	}

	/** Options listed by an options parameter that loads them from the platform (`pick`: choose the first). */
	async loadedOptions(name, pick) {
		const input = this.page.getByTestId(`parameter-input-${name}`);
		const since = this.lastChoice ?? 0;
		// n8n asks for the options when the panel shows the parameter (after the last choice) and
		// re-renders the input with the answer: a list opened before that closes under the click
		// (seen under load: "the answer held 3 entries, 0 shown"). So the answer comes first; only
		// an editor that asks when the list opens gets the click before it.
		const mine = (l) => l.seq > since && (l.path === name || l.path.endsWith(`.${name}`));
		let asked = this.loads.some(mine);
		for (const end = Date.now() + 10_000; !asked && Date.now() < end; asked = this.loads.some(mine)) await this.page.waitForTimeout(50);
		let items;
		if (!asked) items = await this.openDropdown(input, { wait: false });
		const load = await this.loaded(name, since);
		if (load.error) throw new Error(`"${name}": the editor's request for its options failed: ${load.error}`);
		if (!items) items = await this.openDropdown(input, { wait: false });
		await this.listed(items, load.count ?? 1, `"${name}"`);
		const texts = await items.evaluateAll((els) => els.map((el) => (el.querySelector('.option-headline') ?? el).textContent.trim()));
		if (pick && texts.length) await items.first().click();
		else await this.closeDropdown();
		return texts;
	}

	async screenshot(file, locator) {
		await this.page.waitForTimeout(300);
		if (locator) await locator.screenshot({ path: file });
		else await this.page.screenshot({ path: file });
	}

	async close() {
		await this.browser.close().catch(() => {});
	}
}

/** Starts chromium, logs in as `owner` at `baseUrl`; returns an Editor. */
async function openEditor(baseUrl, owner) {
	const { chromium, selectors } = require('playwright-core');
	selectors.setTestIdAttribute('data-test-id');
	const browser = await chromium.launch({ executablePath: ensureChromium(), args: ['--no-sandbox', '--disable-dev-shm-usage'] });
	const context = await browser.newContext({ viewport: VIEWPORT, colorScheme: 'light', locale: 'en-US', timezoneId: 'UTC' });
	// nothing may leave this machine (n8n's editor asks for templates, news and previews)
	await context.route('**/*', (route) => (isExternal(route.request().url()) ? route.abort('blockedbyclient') : route.continue()));
	const page = await context.newPage();
	page.setDefaultTimeout(30_000);
	const editor = new Editor(browser, page, baseUrl);
	await editor.login(owner.email, owner.password);
	return editor;
}

module.exports = { openEditor, ensureChromium, VIEWPORT };
