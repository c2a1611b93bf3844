import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { listings } from '../../../db/schema/listings';
import { SEARCH_RESULTS_WINDOW } from '../../../shared/schemas/listing-query';
import { createTestApp } from '../../../../test/test-app';
import { createCategory, createListing, createUser } from '../../../../test/factories';
import { correctWords, expandWords, joinCandidates, parseSearch, searchMatch, tsQueryText } from './listing-search';
import { countListingsUpTo } from './listings.queries';
import { lookUpWords } from './search-words.queries';

const { app, db } = await createTestApp();

const provider = await createUser(app, db, { isProvider: true });
const tools = await createCategory(db, { type: 'tools' });
const services = await createCategory(db, { type: 'services' });
let minute = 0;
const tool = (overrides: Partial<Parameters<typeof createListing>[1]>) =>
  createListing(db, { type: 'tools', providerId: provider.id, categoryId: tools.id, createdAt: new Date(Date.UTC(2026, 0, 1, 0, ++minute)), ...overrides });

const hubspot = await tool({ title: 'HubSpot CRM', description: 'Contacts, deals and pipelines for growing teams.', tags: ['sales'] });
const mailchimp = await tool({ title: 'Mailchimp', description: 'Email campaigns and automations.', tags: ['email', 'marketing'] });
const taggedCrm = await tool({ title: 'Deal Tracker', description: 'Keeps your deals moving.', tags: ['crm'] });
const describedCrm = await tool({ title: 'Contact Book', description: 'A lightweight crm for freelancers.', shortDescription: 'Simple address book' });
const shortCrm = await tool({ title: 'Lead Inbox', description: 'Leads land here.', shortDescription: 'The crm inbox' });
const analytics = await tool({ title: 'Analytics Dashboard', description: 'Reports on marketing performance.' });
const semrush = await tool({ title: 'Semrush', description: 'Keyword research and rank tracking.', tags: ['SEO'] });
const klaviyo = await tool({ title: 'Klaviyo', description: 'Email and SMS for online shops.' });
const pipedrive = await tool({ title: 'Pipedrive', description: 'A sales pipeline board.' });
const slack = await tool({ title: 'Slack', description: 'Team chat.' });
const accounting = await tool({ title: 'Bookkeeping Autopilot', description: 'Reconciliation without spreadsheets.' });
const hidden = await tool({ title: 'HubSpot Clone', description: 'Not live yet.', status: 'pending' });
const pendingOnly = await tool({ title: 'Zendesk', description: 'Support tickets.', status: 'pending' });
const seoService = await createListing(db, { type: 'services', providerId: provider.id, categoryId: services.id, title: 'Technical SEO audit' });

const search = (term: string, extra = '') => app.inject({ url: `/api/tools?search=${encodeURIComponent(term)}${extra}` });
const ids = async (term: string, extra = '') => {
  const answer = await search(term, extra);
  // The body in the message: "needs every word, stemmed" failed twice on PostgreSQL without saying how.
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().map((l: { id: number }) => l.id);
};

describe('parseSearch', () => {
  it('keeps only words, lowercased', () => {
    expect(parseSearch('  HubSpot   CRM ')).toEqual(['hubspot', 'crm']);
  });

  it('drops every character of tsquery syntax, so the query text is always valid', () => {
    const words = parseSearch(`a & b | !c <-> 'd' "e":* (f) \\ g;--`);
    expect(words).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    expect(tsQueryText(words.map((typed) => ({ typed, corrections: [] })))).toBe('a:* & b:* & c:* & d:* & e:* & f:* & g:*');
  });

  it('keeps letters of any script and digits, and gives nothing for punctuation only', () => {
    expect(parseSearch('Café 2024 Ünïcode')).toEqual(['café', '2024', 'ünïcode']);
    expect(parseSearch('!!! ??? ...')).toEqual([]);
  });

  it('keeps at most 8 words', () => {
    expect(parseSearch('a b c d e f g h i j')).toHaveLength(8);
  });
});

describe('correctWords', () => {
  const near = (typed: string, ...words: [string, number][]) => words.map(([word, uses]) => ({ typed, word, uses }));

  it('corrects within the typos the word length allows, closest first, then the most used', () => {
    // "seamus" is two typos away: out, however often it is used.
    expect(correctWords(['semush'], near('semush', ['semrush', 1], ['semesh', 5], ['seamus', 9]))).toEqual([{ typed: 'semush', corrections: ['semesh', 'semrush'], whole: false }]);
    expect(correctWords(['hubspt'], near('hubspt', ['hubspot', 1], ['hubspots', 9]))).toEqual([{ typed: 'hubspt', corrections: ['hubspot'], whole: false }]);
    // Two typos only from 9 letters on.
    expect(correctWords(['pipdrve'], near('pipdrve', ['pipedrive', 1]))[0]!.corrections).toEqual([]);
    expect(correctWords(['pipedrvie'], near('pipedrvie', ['pipedrive', 1]))[0]!.corrections).toEqual(['pipedrive']);
    // No typo at all under 5 letters.
    expect(correctWords(['slak'], near('slak', ['slack', 1]))[0]!.corrections).toEqual([]);
  });

  it('writes corrections as alternatives of the typed prefix, restricted to the title when asked', () => {
    const words = [{ typed: 'semush', corrections: ['semrush'] }, { typed: 'seo', corrections: [] }];
    expect(tsQueryText(words)).toBe('(semush:* | semrush) & seo:*');
    expect(tsQueryText(words, 'A')).toBe('(semush:*A | semrush:A) & seo:*A');
  });

  it('matches whole words as words, and partial words and a last word that is not complete as prefixes', () => {
    const words = [
      { typed: 'email', corrections: [], whole: true },
      { typed: 'mark', corrections: [], whole: false },
      { typed: 'retainer', corrections: [], whole: false },
    ];
    expect(tsQueryText(words)).toBe('email & mark:* & retainer:*');
    expect(tsQueryText(words, 'A')).toBe('email:A & mark:*A & retainer:*A');
    expect(tsQueryText([{ typed: 'retainer', corrections: [], whole: true }])).toBe('retainer');
  });

  it('matches a word of one or two letters before the last as a word, the last one as a prefix', () => {
    expect(correctWords(['pr', 'agency'], []).map((word) => word.whole)).toEqual([true, false]);
    expect(correctWords(['a', 'b', 'c'], []).map((word) => word.whole)).toEqual([true, true, false]);
    // Three letters and more are asked of the vocabulary, which holds words from four.
    expect(correctWords(['seo', 'agency'], []).map((word) => word.whole)).toEqual([false, false]);
    expect(tsQueryText(correctWords(['pr', 'agency'], []))).toBe('pr & agency:*');
  });

  it('asks whether the last word is complete, not whether it is a whole word', () => {
    // "seo seo": the earlier "seo" is a whole word; the last one is only what lookUpWords says of it.
    expect(correctWords(['seo', 'seo'], [], new Set(['seo'])).map((word) => word.whole)).toEqual([true, false]);
    expect(correctWords(['seo', 'seo'], [], new Set(), true).map((word) => word.whole)).toEqual([false, true]);
  });
});

describe('the query text of names typed joined or split', () => {
  const typed = (...words: string[]) => words.map((word, index) => ({ typed: word, corrections: [], whole: index < words.length - 1 }));

  it('adds the split as a phrase, and a joined pair as the one word, ended as the second word is', () => {
    const split = expandWords(typed('best', 'wpengine'), new Set(), [{ typed: 'wpengine', first: 'wp', second: 'engine', uses: 3 }]);
    expect(tsQueryText(split)).toBe('best & (wpengine:* | (wp <-> engine))');
    expect(tsQueryText(split, 'A')).toBe('best:A & (wpengine:*A | (wp:A <-> engine:A))');
    const joined = expandWords(typed('active', 'campaign', 'crm'), new Set(['activecampaign']), []);
    expect(tsQueryText(joined)).toBe('((active & campaign) | activecampaign) & crm:*');
    expect(tsQueryText(expandWords(typed('active', 'camp'), new Set(['activecamp']), []))).toBe('((active & camp:*) | activecamp:*)');
  });

  it('picks the most used split, and joins pairs from the first on without overlapping', () => {
    const splits = [
      { typed: 'seoaudit', first: 'se', second: 'oaudit', uses: 1 },
      { typed: 'seoaudit', first: 'seo', second: 'audit', uses: 40 },
    ];
    expect(expandWords(typed('seoaudit'), new Set(), splits)[0]!.split).toEqual(['seo', 'audit']);
    const words = expandWords(typed('a', 'b', 'c'), new Set(['ab', 'bc']), []);
    expect(words.map((word) => word.joined)).toEqual(['ab', undefined, undefined]);
    expect(joinCandidates(['a', 'b', 'wordp', 'ress'])).toEqual(['bwordp', 'wordpress']);
  });
});

describe('GET /api/tools?search=', () => {
  it('finds by prefix of a title word, live listings only, with an exact total', async () => {
    const res = await search('hubs');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((l: { id: number }) => l.id)).toEqual([hubspot.id]);
    expect(res.headers['x-total-count']).toBe('1');
    expect(res.headers['x-total-count-exact']).toBe('true');
    expect(await ids('hubspot')).not.toContain(hidden.id);
  });

  it('corrects one typo of each kind in a name of 5 or more letters', async () => {
    expect(await ids('semush')).toEqual([semrush.id]); // a letter left out
    expect(await ids('semrushh')).toEqual([semrush.id]); // a letter added
    expect(await ids('semrosh')).toEqual([semrush.id]); // a letter changed
    expect(await ids('hubpsot')).toEqual([hubspot.id]); // two letters swapped
    expect(await ids('klavyio')).toEqual([klaviyo.id]);
    expect(await ids('lsack')).toEqual([slack.id]); // even the first two
    expect(await ids('hubspt')).toEqual([hubspot.id]);
    expect(await ids('mailchmp')).toEqual([mailchimp.id]);
  });

  it('corrects two typos in words of 9 letters or more, but not in shorter ones', async () => {
    expect(await ids('pipedirve')).toEqual([pipedrive.id]);
    expect(await ids('bokkeepinng')).toEqual([accounting.id]);
    expect(await ids('pipdrve')).toEqual([]);
    expect(await ids('slak')).toEqual([]);
  });

  it('corrects a misspelt word among correct ones: every word must still match, or the search is relaxed', async () => {
    expect(await ids('semush keyword')).toEqual([semrush.id]);
    expect((await search('semush keyword')).headers['x-search-words']).toBeUndefined();
    // No listing has both: the more used word ("crm") is left out, and the answer says so.
    const relaxed = await search('semush crm');
    expect(relaxed.json().map((l: { id: number }) => l.id)).toEqual([semrush.id]);
    expect(relaxed.headers['x-search-words']).toBe('semush');
  });

  it('only corrects towards words of live listings of the same type', async () => {
    expect(await ids('zendessk')).toEqual([]);
    expect(await ids('techincal')).toEqual([]); // "technical" is a service's word
    expect((await app.inject({ url: '/api/services?search=techincal' })).json().map((l: { id: number }) => l.id)).toEqual([seoService.id]);
  });

  it('ranks a title with every word first, then title over tags over short description over description', async () => {
    expect(await ids('crm')).toEqual([hubspot.id, taggedCrm.id, shortCrm.id, describedCrm.id]);
    // "hubspot crm": the title has both words; "deal tracker" would need the tag and is not a match at all.
    expect(await ids('hubspot crm')).toEqual([hubspot.id]);
  });

  it('puts a listing whose title has the whole query above one with part of it in the title', async () => {
    const both = await tool({ title: 'Email Marketing Planner', description: 'Plans.' });
    const part = await tool({ title: 'Email Sender', description: 'Sends marketing mail.', tags: ['marketing', 'email'] });
    const found = await ids('email marketing');
    expect(found.indexOf(both.id)).toBe(0);
    expect(found).toEqual(expect.arrayContaining([part.id, mailchimp.id]));
    // Deleted as their provider would: the answer waits until every server has heard of the write,
    // so "email marketing", cached above, is read afresh next. Deleted behind the servers' back
    // (db.delete), the next test sometimes got this cached answer on PostgreSQL, whose
    // announcements arrive a moment later.
    for (const listing of [both, part]) {
      const deleted = await app.inject({ method: 'DELETE', url: `/api/provider/tools/${listing.id}`, headers: { cookie: provider.cookie } });
      expect(deleted.statusCode, deleted.body).toBe(204);
    }
  });

  it('needs every word, stemmed', async () => {
    expect(await ids('email marketing')).toEqual([mailchimp.id]);
    // A word before the last that is only the start of a catalogue word still matches as a prefix.
    expect(await ids('mailch email')).toEqual([mailchimp.id]);
    expect(await ids('email mailch')).toEqual([mailchimp.id]);
    expect(await ids('marketing')).toEqual(expect.arrayContaining([mailchimp.id, analytics.id]));
    expect(await ids('campaign')).toEqual([mailchimp.id]);
  });

  it('matches a short word before the last as a word: "pr agency" is not "product agency"', async () => {
    const press = await tool({ title: 'PR Desk', description: 'Press releases for agency clients.' });
    const product = await tool({ title: 'Product Board', description: 'Roadmaps for agency teams.' });
    expect(await ids('pr agency')).toEqual([press.id]);
    // While it is the last word it may still be being typed: a prefix.
    expect((await ids('agency pr')).sort()).toEqual([press.id, product.id].sort());
    for (const listing of [press, product]) {
      const deleted = await app.inject({ method: 'DELETE', url: `/api/provider/tools/${listing.id}`, headers: { cookie: provider.cookie } });
      expect(deleted.statusCode, deleted.body).toBe(204);
    }
  });

  it('matches a complete last word as a word, finding what its prefix found', async () => {
    const retainer = await tool({ title: 'Retainer Desk', description: 'Tracks monthly retainers.' });
    const retained = await tool({ title: 'Client Keeper', description: 'How many clients you retained.' });
    // "retainer" begins no other word of the live tools but its own forms: matched as its stem.
    expect((await lookUpWords(db, 'tools', [], [], 'retainer')).complete).toBe(true);
    expect((await ids('retainer')).sort()).toEqual([retainer.id, retained.id].sort());
    expect((await ids('retainers')).sort()).toEqual([retainer.id, retained.id].sort());

    // Once a live tool uses a longer word it begins, the last word is a prefix again, for that word.
    // (On PostgreSQL the server hears of a write a moment after it commits.)
    const longer = await tool({ title: 'Retainership Ledger', description: 'For agencies.' });
    await expect.poll(async () => (await lookUpWords(db, 'tools', [], [], 'retainer')).complete).toBe(false);
    expect((await ids('retain')).sort()).toEqual([retainer.id, retained.id, longer.id].sort());
    // A pending tool's words are not in the vocabulary: its search keeps the prefix.
    await db.update(listings).set({ status: 'pending' }).where(eq(listings.id, longer.id));
    await expect.poll(async () => (await lookUpWords(db, 'tools', [], [], 'retainer')).complete).toBe(true);
    const admin = await createUser(app, db, { isAdmin: true });
    const pending = await app.inject({ url: '/api/tools?search=retain&status=pending', headers: { cookie: admin.cookie } });
    expect(pending.json().map((l: { id: number }) => l.id)).toEqual([longer.id]);

    // Stop words and stems under 4 letters are never complete.
    expect((await lookUpWords(db, 'tools', [], [], 'which')).complete).toBe(false);
    expect((await lookUpWords(db, 'tools', [], [], 'crm')).complete).toBe(false);
    for (const listing of [retainer, retained, longer]) {
      const deleted = await app.inject({ method: 'DELETE', url: `/api/provider/tools/${listing.id}`, headers: { cookie: provider.cookie } });
      expect(deleted.statusCode, deleted.body).toBe(204);
    }
  });

  it('asks the database about a word until a listing is written, or a minute has passed', async () => {
    const execute = vi.spyOn(db, 'execute');
    try {
      // A made-up word and a stop word: one statement the first time...
      const first = await lookUpWords(db, 'tools', [], [], 'qzv', ['qzv', 'the']);
      expect(first.lexemes).toEqual([['qzv'], []]);
      expect(first.uses[0]).toEqual({ inType: 0, everywhere: 0 });
      expect(execute).toHaveBeenCalledTimes(1);
      // ...none the next, with the same answer.
      expect(await lookUpWords(db, 'tools', [], [], 'qzv', ['qzv', 'the'])).toEqual(first);
      expect(execute).toHaveBeenCalledTimes(1);
      // What is not known yet of a word is asked once: its near words, whether it is whole, a join.
      const misspelt = await lookUpWords(db, 'tools', ['qzvword'], ['qzvword'], 'qzv', ['qzv'], ['qzvwordqzv']);
      expect(misspelt.near.length).toBeGreaterThan(0);
      expect(misspelt.whole).toEqual(new Set());
      expect(execute).toHaveBeenCalledTimes(2);
      expect(await lookUpWords(db, 'tools', ['qzvword'], ['qzvword'], 'qzv', ['qzv'], ['qzvwordqzv'])).toEqual(misspelt);
      expect(execute).toHaveBeenCalledTimes(2);
      // Known of one type, a word is still asked of the other.
      await lookUpWords(db, 'services', [], [], 'qzv', ['qzv']);
      expect(execute).toHaveBeenCalledTimes(3);

      // A live listing that uses the word, written by anyone: every server forgets what it knew.
      // (On PostgreSQL the server hears of a write a moment after it commits.)
      const written = await tool({ title: 'Qzvword Desk', description: 'Made up.' });
      const lookUp = () => lookUpWords(db, 'tools', ['qzvword'], ['qzvword'], 'qzv', ['qzv'], ['qzvwordqzv']);
      await expect.poll(async () => (await lookUp()).whole).toEqual(new Set(['qzvword']));
      expect((await lookUp()).near).toEqual([]);
      // Once learnt, known again.
      const beforeLookUp = execute.mock.calls.length;
      await lookUp();
      expect(execute).toHaveBeenCalledTimes(beforeLookUp);
      expect((await ids('qzvword')).includes(written.id)).toBe(true);

      // A minute on, asked again even without a write, in case one went unheard.
      await lookUpWords(db, 'tools', [], [], 'qzv', ['qzv']);
      const calls = execute.mock.calls.length;
      vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 61_000);
      await lookUpWords(db, 'tools', [], [], 'qzv', ['qzv']);
      expect(execute).toHaveBeenCalledTimes(calls + 1);
      vi.mocked(Date.now).mockRestore();
      const deleted = await app.inject({ method: 'DELETE', url: `/api/provider/tools/${written.id}`, headers: { cookie: provider.cookie } });
      expect(deleted.statusCode, deleted.body).toBe(204);
    } finally {
      execute.mockRestore();
      vi.restoreAllMocks();
    }
    // A search of a stop word alone still answers the empty page.
    expect((await app.inject({ url: '/api/tools?search=the' })).json()).toEqual([]);
  });

  it('combines with filters and paging', async () => {
    const page = await search('crm', '&limit=1&offset=1');
    expect(page.json().map((l: { id: number }) => l.id)).toEqual([taggedCrm.id]);
    expect(page.headers['x-total-count']).toBe('4');
    expect(await ids('crm', '&rating=4')).toEqual([]);
  });

  it('serves pages up to the search window, then empty pages that keep the total', async () => {
    const beyond = await search('crm', `&offset=${SEARCH_RESULTS_WINDOW}`);
    expect(beyond.statusCode).toBe(200);
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe('4');
  });

  it('past the window: ranks an old title match first, counts the window as a lower bound, and stops paging there', async () => {
    // More description matches than the window, all newer than the one title match, so the
    // title match is not among the window's newest matches: it is found by the title candidates.
    const oldTitleMatch = await tool({ title: 'Quasarword Studio', description: 'Old but exact.', createdAt: new Date(Date.UTC(2020, 0, 1)) });
    await db.execute(sql`
      insert into listings (type, slug, title, description, category_id, provider_id, status, created_at)
      select 'tools', 'bulk-quasar-' || n, 'Bulk tool ' || n, 'Mentions quasarword in passing.', ${tools.id}, ${provider.id}, 'approved',
        timestamptz '2026-06-01' + n * interval '1 minute'
      from generate_series(1, ${SEARCH_RESULTS_WINDOW + 5}) as n`);
    try {
      const first = await search('quasarword', '&limit=3');
      expect(first.json().map((l: { id: number }) => l.id)[0]).toBe(oldTitleMatch.id);
      expect(first.headers['x-total-count']).toBe(String(SEARCH_RESULTS_WINDOW));
      expect(first.headers['x-total-count-exact']).toBe('false');
      // The newest description match follows the title match.
      expect(first.json()[1].title).toBe(`Bulk tool ${SEARCH_RESULTS_WINDOW + 5}`);
      const last = await search('quasarword', `&limit=10&offset=${SEARCH_RESULTS_WINDOW - 4}`);
      expect(last.json()).toHaveLength(4);
      const beyond = await search('quasarword', `&offset=${SEARCH_RESULTS_WINDOW}`);
      expect(beyond.json()).toEqual([]);
      expect(beyond.headers['x-total-count']).toBe(String(SEARCH_RESULTS_WINDOW));
      expect(beyond.headers['x-total-count-exact']).toBe('false');
    } finally {
      await db.execute(sql`delete from listings where slug like 'bulk-quasar-%' or id = ${oldTitleMatch.id}`);
    }
  });

  it('is safe with any characters, and finds nothing for text without words', async () => {
    for (const term of ["'", '\\', ':*', '&|!', '(((', "'; drop table listings; --", '%_', '<->', '\u0000x', 'a:*b', 'semush%', '_____', '🙂🙂', 'x'.repeat(100)]) {
      const res = await search(term);
      expect(res.statusCode, term).toBe(200);
    }
    const none = await search('!!!');
    expect(none.json()).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
  });

  it('answers one letter as a prefix, and only stop words with an empty list', async () => {
    const one = await search('k');
    expect(one.statusCode).toBe(200);
    expect(one.json().map((l: { id: number }) => l.id)).toEqual(expect.arrayContaining([klaviyo.id, semrush.id]));
    for (const stopWords of ['the', 'a', 'the of a']) {
      const stop = await search(stopWords);
      expect(stop.statusCode).toBe(200);
      expect(stop.json()).toEqual([]);
      expect(stop.headers['x-total-count']).toBe('0');
    }
    // A stop word beside a word is dropped, not a reason to find nothing.
    expect((await search('the semrush')).json().map((l: { id: number }) => l.id)).toEqual([semrush.id]);
  });

  it('cuts search text at 100 characters instead of failing', async () => {
    const res = await search(`hubspot ${'x'.repeat(500)}`);
    expect(res.statusCode).toBe(200);
  });
});

describe('the search vocabulary follows listing writes', () => {
  // These writes bypass the API, so the servers hear of them a moment later (the visitors' cached
  // searches with them): hence the polls.
  it('learns the words of a listing once it is live, and forgets them when it is edited or deleted', async () => {
    await expect.poll(() => ids('zendessk')).toEqual([]);
    await db.update(listings).set({ status: 'approved' }).where(eq(listings.id, pendingOnly.id));
    await expect.poll(() => ids('zendessk')).toEqual([pendingOnly.id]);

    await db.update(listings).set({ title: 'Freshdesk' }).where(eq(listings.id, pendingOnly.id));
    await expect.poll(() => ids('zendessk')).toEqual([]);
    await expect.poll(() => ids('freshdessk')).toEqual([pendingOnly.id]);

    await db.delete(listings).where(eq(listings.id, pendingOnly.id));
    await expect.poll(() => ids('freshdessk')).toEqual([]);
  });

  it('is untouched by updates that leave words and status alone', async () => {
    await db.update(listings).set({ viewCount: 5, rating: 4 }).where(eq(listings.id, semrush.id));
    await expect.poll(() => ids('semush')).toEqual([semrush.id]);
  });
});

describe('countListingsUpTo', () => {
  it('counts exactly up to the limit, and past it gives the limit as a lower bound', async () => {
    const words = [{ typed: 'crm', corrections: [] }];
    expect(await countListingsUpTo(db, searchMatch(words), 4)).toEqual({ total: 4, totalExact: true });
    expect(await countListingsUpTo(db, searchMatch(words), 3)).toEqual({ total: 3, totalExact: false });
  });
});
