// html-validate's rules for the server-rendered pages (e2e/html-validity.spec.ts, part of `npm test`):
// the recommended preset, less the markup-style rules below, each with why it does not apply here.
export default {
  extends: ['html-validate:recommended'],
  rules: {
    // How React's server render spells markup (`<input />`, `maxLength`, `required=""`, `hidden=""`)
    // and how Vite's template writes the doctype: style, not errors; every HTML parser reads both the same.
    'void-style': 'off',
    'attr-case': 'off',
    'attribute-boolean-style': 'off',
    'attribute-empty-style': 'off',
    'doctype-style': 'off',
    // Radix's tabs write `style="outline:none"` and an animation duration on their list and panels;
    // the site's own styles are classes.
    'no-inline-style': 'off',
    // A group of checkboxes sharing a name is how a GET form sends several choices
    // (`delivery=1-3&delivery=4-7`), which the filter forms rely on; other duplicates stay errors.
    // A list may carry a name ("Rating breakdown", "About the reviewer"): ARIA lets every role that
    // can be named be named, and screen readers announce it with the list. Elements that cannot be
    // named (a <p>, a <div> without a role) stay errors.
    'aria-label-misuse': ['error', { allowAnyNamable: true }],
    'form-dup-name': ['error', { shared: ['radio', 'button', 'reset', 'submit', 'checkbox'] }],
  },
};
