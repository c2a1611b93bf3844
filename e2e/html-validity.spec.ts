import path from 'node:path';
import { FileSystemConfigLoader, HtmlValidate } from 'html-validate';
import { expect, test } from './fixtures';
import { publicPages } from './outside-pages';

// The HTML the server sends (what a crawler, a browser without JavaScript or a screen reader's
// first read gets), through html-validate with the rules in .htmlvalidate.mjs.
const validator = new HtmlValidate(new FileSystemConfigLoader());
// The config is looked up from the file name's folder upward: any name in the repository finds it.
const asFile = (page: string) => path.resolve(`page${page.replace(/[^\w]+/g, '-')}.html`);

test('the main pages are valid HTML by html-validate', async ({ request }) => {
  test.setTimeout(120_000);
  const problems: string[] = [];
  for (const page of await publicPages(request)) {
    const response = await request.get(page);
    expect([200, 404], page).toContain(response.status());
    const report = await validator.validateString(await response.text(), asFile(page));
    for (const message of report.results.flatMap((result) => result.messages)) {
      problems.push(`${page}: ${message.ruleId}: ${message.message} (at ${message.selector ?? `line ${message.line}`})`);
    }
  }
  expect(problems).toEqual([]);
});
