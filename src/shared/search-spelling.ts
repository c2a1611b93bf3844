/**
 * British and American spellings searched as one (docs/decisions/search.md, "Spellings"): each
 * pair is the start of a word in British and in American spelling. A word that begins with one
 * is searched for in the other too ("optimisation": optimization; "colours": colors), and a
 * synonym is stored and looked up in the American one (`americanSpelling`), so one row serves
 * both. A form made that no listing uses ("programmeming" of "programming") matches nothing and
 * costs nothing, so the list names word starts, not every word.
 */
const PAIRS: readonly (readonly [british: string, american: string])[] = [
  ['analys', 'analyz'],
  ['authoris', 'authoriz'],
  ['behaviour', 'behavior'],
  ['capitalis', 'capitaliz'],
  ['catalogue', 'catalog'],
  ['categoris', 'categoriz'],
  ['centralis', 'centraliz'],
  ['centre', 'center'],
  ['colour', 'color'],
  ['customis', 'customiz'],
  ['dialogue', 'dialog'],
  ['digitalis', 'digitaliz'],
  ['favour', 'favor'],
  ['honour', 'honor'],
  ['labour', 'labor'],
  ['licence', 'license'],
  ['localis', 'localiz'],
  ['maximis', 'maximiz'],
  ['minimis', 'minimiz'],
  ['modelling', 'modeling'],
  ['monetis', 'monetiz'],
  ['optimis', 'optimiz'],
  ['organis', 'organiz'],
  ['personalis', 'personaliz'],
  ['prioritis', 'prioritiz'],
  ['programme', 'program'],
  ['recognis', 'recogniz'],
  ['specialis', 'specializ'],
  ['standardis', 'standardiz'],
  ['summaris', 'summariz'],
  ['synchronis', 'synchroniz'],
  ['travelling', 'traveling'],
  ['utilis', 'utiliz'],
  ['visualis', 'visualiz'],
];

/** The word in the other spelling, or undefined when it has none (the British start is tried first: "programme" begins with "program"). */
export function otherSpelling(word: string): string | undefined {
  for (const [british, american] of PAIRS) {
    if (word.startsWith(british)) return american + word.slice(british.length);
  }
  for (const [british, american] of PAIRS) {
    if (word.startsWith(american)) return british + word.slice(american.length);
  }
  return undefined;
}

/** The word in American spelling: the one form synonyms are kept and looked up in. */
export function americanSpelling(word: string): string {
  for (const [british, american] of PAIRS) {
    if (word.startsWith(british)) return american + word.slice(british.length);
  }
  return word;
}
