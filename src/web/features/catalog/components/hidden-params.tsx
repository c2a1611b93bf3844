/**
 * The page's other URL parameters as hidden inputs, so that a GET form submitted without
 * JavaScript (search, filters) keeps them, as the script does when it changes one of them.
 */
export function HiddenParams({ params }: { params: [string, string][] }) {
  return params.map(([name, value], index) => <input key={`${name}-${index}`} type="hidden" name={name} value={value} />);
}
