import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/test-app';
import { createCategory, createListing, createUser } from '../../../../test/factories';
import { lookUpWords } from './search-words.queries';

// Names with punctuation, and names typed joined or split (docs/decisions/search-names.md).
const { app, db } = await createTestApp();

const provider = await createUser(app, db, { isProvider: true });
const tools = await createCategory(db, { type: 'tools' });
let minute = 0;
const tool = (overrides: Partial<Parameters<typeof createListing>[1]>) =>
  createListing(db, { type: 'tools', providerId: provider.id, categoryId: tools.id, createdAt: new Date(Date.UTC(2026, 0, 1, 0, ++minute)), ...overrides });

const monday = await tool({ title: 'Monday.com', description: 'Boards for client projects.', tags: ['project management'] });
const mondayMention = await tool({ title: 'Board Sync', description: 'Copies Monday.com boards into your client portal.' });
const audit = await tool({ title: 'Accessibility Checker (WCAG 2.2)', description: 'Tests pages against WCAG 2.2 AA.', tags: ['WCAG'] });
const olderWcag = await tool({ title: 'Contrast Checker', description: 'Colour contrast to WCAG 2.1 levels.' });
const mailer = await tool({ title: 'E-mail Blaster', description: 'Sends newsletters.' });
const node = await tool({ title: 'Deploy Bot', description: 'Ships apps.', tags: ['node.js'] });
const hostMention = await tool({ title: 'Uptime Watch', description: 'Pings wp-engine.com and other hosts every minute.' });
const wpEngine = await tool({ title: 'WP Engine', description: 'Managed WordPress hosting.' });
const wpMention = await tool({ title: 'Site Mover', description: 'Moves sites to wp engine or any host.' });
const activeCampaign = await tool({ title: 'ActiveCampaign', description: 'Email automation.' });
const campaignPlanner = await tool({ title: 'Campaign Planner', description: 'Plans every active campaign of the quarter.' });
const hubspot = await tool({ title: 'HubSpot', description: 'Inbound marketing.' });
const online = await tool({ title: 'Online Booking', description: 'Appointments.' });
const lineManager = await tool({ title: 'Line Manager', description: 'Rotas.' });
const software = await tool({ title: 'Software Catalogue', description: 'Licences.' });
const softWare = await tool({ title: 'Soft Ware House', description: 'Knitted covers.' });

const ids = async (term: string) => {
  const answer = await app.inject({ url: `/api/tools?search=${encodeURIComponent(term)}` });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().map((l: { id: number }) => l.id) as number[];
};

describe('names with punctuation', () => {
  it('finds a dotted name by each of its parts and by the whole name, its title first', async () => {
    expect(await ids('monday')).toEqual([monday.id, mondayMention.id]);
    expect(await ids('monday.com')).toEqual([monday.id, mondayMention.id]);
    expect(await ids('Monday.com')).toEqual([monday.id, mondayMention.id]);
    expect(await ids('monday com')).toEqual([monday.id, mondayMention.id]);
    expect(await ids('com')).toEqual(expect.arrayContaining([monday.id, mondayMention.id]));
    expect(await ids('node')).toEqual([node.id]);
    expect(await ids('node.js')).toEqual([node.id]);
  });

  it('finds a version by its numbers, the listing with it in its title first', async () => {
    // Every typed word must match, in any order: "2.1" has a 2 too, and ranks below the title.
    expect(await ids('wcag 2.2')).toEqual([audit.id, olderWcag.id]);
    expect(await ids('wcag 2')).toEqual([audit.id, olderWcag.id]);
    expect((await ids('wcag'))[0]).toBe(audit.id);
    expect((await ids('2.2'))[0]).toBe(audit.id);
  });

  it('finds a hyphenated name by its parts, as typed, and joined', async () => {
    expect(await ids('mail blaster')).toEqual([mailer.id]);
    // "e mail" is also "email", a catalogue word: typed apart, it finds the one word too.
    expect(await ids('e-mail')).toEqual([mailer.id, activeCampaign.id]);
    expect(await ids('email')).toEqual([mailer.id, activeCampaign.id]);
    expect((await ids('email blaster'))[0]).toBe(mailer.id);
    // A host with a hyphen is one token to the parser: its parts are found all the same.
    expect(await ids('wp-engine.com')).toEqual([hostMention.id]);
    expect(await ids('uptime engine')).toEqual([hostMention.id]);
  });
});

describe('names typed joined or split', () => {
  it('finds two catalogue words typed as one, the title that has them first', async () => {
    // "wp-engine.com" has them side by side too.
    const found = await ids('wpengine');
    expect(found[0]).toBe(wpEngine.id);
    expect(found.sort()).toEqual([wpEngine.id, wpMention.id, hostMention.id].sort());
    expect(await ids('wpengine wordpress')).toEqual([wpEngine.id]);
    // As two words, as before.
    expect((await ids('wp engine'))[0]).toBe(wpEngine.id);
  });

  it('finds one catalogue word typed as two, beside the listings that have both words', async () => {
    const found = await ids('active campaign');
    expect(found).toEqual(expect.arrayContaining([activeCampaign.id, campaignPlanner.id]));
    expect(found).toHaveLength(2);
    expect(await ids('hub spot')).toEqual([hubspot.id]);
    expect(await ids('hub spot inbound')).toEqual([hubspot.id]);
  });

  it('keeps a stop word typed apart from its word: "on line" finds "online" and "line"', async () => {
    expect((await ids('on line')).sort()).toEqual([online.id, lineManager.id].sort());
  });

  it('never splits a word the catalogue uses', async () => {
    expect(await ids('software')).toEqual([software.id]);
    expect(await ids('softwares')).toEqual([software.id]);
    const known = await lookUpWords(db, 'tools', ['software', 'wpengine'], [], undefined, [], []);
    expect(known.splits).toEqual([{ typed: 'wpengine', first: 'wp', second: 'engine', uses: 3 }]);
    // Typed apart, it is both words and the one word.
    expect((await ids('soft ware')).sort()).toEqual([software.id, softWare.id].sort());
  });

  it('joins only into words live listings of the type use', async () => {
    expect((await lookUpWords(db, 'tools', [], ['active'], undefined, [], ['activecampaign'])).joined).toEqual(new Set(['activecampaign']));
    expect((await lookUpWords(db, 'services', [], ['active'], undefined, [], ['activecampaign'])).joined).toEqual(new Set());
  });
});
