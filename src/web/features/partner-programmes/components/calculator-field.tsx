import { Input } from '../../../components/ui/input';

type CalculatorFieldProps = {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  inputMode: 'decimal' | 'numeric';
  /** The field's message from the calculator's schema (shared/schemas/calculator.ts), if it is wrong. */
  error?: string;
  className?: string;
  inputClassName?: string;
};

/**
 * One figure of a profit calculator (the listing's, the comparison's): its label, its input and
 * the reason it is refused, tied to the input for screen readers. The forms also work without the
 * script, as a GET of their own page, so the input keeps its `name`.
 */
export function CalculatorField({ id, name, label, value, onChange, placeholder, inputMode, error, className, inputClassName }: CalculatorFieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block font-medium text-ink">
        {label}
      </label>
      <Input
        id={id}
        name={name}
        inputMode={inputMode}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        className={inputClassName}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className="max-w-48 text-sm text-danger" data-testid="calculator-error">
          {error}
        </p>
      )}
    </div>
  );
}
