import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { type UseFormRegisterReturn, useFieldArray, useForm } from 'react-hook-form';
import { type SiteBrandInput, type SiteBrandSettings, siteBrandSchema, SPEC_HERO_BADGE, specHeroText, specHeroTitle } from '../../../../shared/schemas/site-brand';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input, Textarea } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useSaveSiteSettings, useSiteSettings } from '../api/use-site-settings';
import { AdminSkeleton } from './admin-skeleton';

/** The operator's brand: names, colour, logo and favicon, home page texts and figures, footer links. */
export function SiteTab() {
  const settings = useSiteSettings();
  if (!settings.data) return settings.isError ? <p className="text-sm text-danger">{errorMessage(settings.error, 'Failed to load the Site settings')}</p> : <AdminSkeleton />;
  return <SiteForm settings={settings.data} />;
}

// The form holds empty strings where the saved settings hold null (the defaults).
const toForm = (s: SiteBrandSettings): SiteBrandInput => ({
  ...s,
  heroTitle: s.heroTitle ?? '',
  heroText: s.heroText ?? '',
  heroBadge: s.heroBadge ?? '',
  successStoriesUrl: s.successStoriesUrl ?? '',
  resourcesUrl: s.resourcesUrl ?? '',
});

function ImageField({ id, label, hint, value, onChange }: { id: string; label: string; hint: string; value: string | null; onChange: (value: string | null) => void }) {
  const choose = (file: File | undefined) => {
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => onChange(String(reader.result));
    reader.readAsDataURL(file);
  };
  return (
    <FormField id={id} label={label} hint={hint}>
      <div className="flex flex-wrap items-center gap-3">
        {value && <img src={value} alt="" className="h-10 w-auto max-w-40 rounded border border-line bg-surface p-1" />}
        <input id={id} type="file" accept="image/png,image/jpeg,image/gif,image/webp" className="text-sm" onChange={(event) => choose(event.target.files?.[0])} />
        {value && (
          <Button type="button" variant="outline" size="sm" onClick={() => onChange(null)}>
            Remove
          </Button>
        )}
      </div>
    </FormField>
  );
}

function SiteForm({ settings }: { settings: SiteBrandSettings }) {
  const id = useId();
  const save = useSaveSiteSettings();
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    control,
    reset,
    formState: { errors },
  } = useForm<SiteBrandInput, unknown, SiteBrandSettings>({ resolver: zodResolver(siteBrandSchema), defaultValues: toForm(settings) });
  const figures = useFieldArray({ control, name: 'customFigures' });
  const [productName, figureMode, accent, logo, favicon] = watch(['productName', 'figures', 'accentColour', 'logo', 'favicon']);
  const onSubmit = (values: SiteBrandSettings) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        toast({ title: 'Site settings saved', description: 'Every page shows them now.' });
        reset(toForm(saved));
      },
      onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to save the Site settings'), variant: 'destructive' }),
    });
  const field = (name: keyof SiteBrandInput, label: string, input: (props: UseFormRegisterReturn & { id: string }) => React.ReactNode, hint?: string) => (
    <FormField id={`${id}-${name}`} label={label} hint={hint} error={(errors[name] as { message?: string } | undefined)?.message}>
      {input({ id: `${id}-${name}`, ...register(name) })}
    </FormField>
  );
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-6" data-testid="site-settings">
      <Card className="space-y-4 p-5">
        <h2 className="font-semibold text-ink">Names and support</h2>
        <div className="grid gap-4 sm:grid-cols-2">
          {field('siteName', 'Site name', (props) => <Input {...props} />)}
          {field('productName', 'Product name', (props) => <Input {...props} />, 'The product the listed tools and services are for, e.g. HubSpot')}
          {field('supportEmail', 'Support e-mail', (props) => <Input type="email" {...props} />)}
        </div>
      </Card>
      <Card className="space-y-4 p-5">
        <h2 className="font-semibold text-ink">Look</h2>
        <FormField id={`${id}-accentColour`} label="Accent colour" hint="Buttons, links and figures. It needs a contrast of at least 4.5:1 against the page's light backgrounds." error={errors.accentColour?.message}>
          <div className="flex items-center gap-3">
            <input type="color" aria-label="Pick the accent colour" value={/^#[0-9a-f]{6}$/i.test(accent) ? accent : '#000000'} onChange={(event) => setValue('accentColour', event.target.value, { shouldDirty: true, shouldValidate: true })} className="h-10 w-14 rounded border border-line" />
            <Input id={`${id}-accentColour`} className="max-w-40" aria-invalid={!!errors.accentColour} aria-describedby={errors.accentColour ? `${id}-accentColour-error` : undefined} {...register('accentColour')} />
          </div>
        </FormField>
        <ImageField id={`${id}-logo`} label="Logo" hint="Shown beside the site name in the header and footer, 32 px high." value={logo} onChange={(value) => setValue('logo', value, { shouldDirty: true })} />
        <ImageField id={`${id}-favicon`} label="Favicon" hint="The browser tab's icon, made square at 64 px." value={favicon} onChange={(value) => setValue('favicon', value, { shouldDirty: true })} />
      </Card>
      <Card className="space-y-4 p-5">
        <h2 className="font-semibold text-ink">Home page</h2>
        <p className="text-sm text-muted">Leave a text empty to show the default, shown greyed in the field.</p>
        {field('heroBadge', 'Hero badge', (props) => <Input placeholder={SPEC_HERO_BADGE} {...props} />)}
        {field('heroTitle', 'Hero title', (props) => <Input placeholder={specHeroTitle(productName || 'SaaS')} {...props} />)}
        {field('heroText', 'Hero text', (props) => <Textarea rows={3} placeholder={specHeroText(productName || 'SaaS')} {...props} />)}
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-ink">Figures under the hero</legend>
          {(
            [
              ['spec', 'The standard figures (300+ Active Services, 150+ Trusted Providers, 25+ Categories, 99% Success Rate)'],
              ['counts', "The directory's real counts of services, tools, providers and categories"],
              ['custom', 'My own figures'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex items-start gap-2 text-sm text-ink">
              <input type="radio" value={value} className="mt-1" {...register('figures')} /> {label}
            </label>
          ))}
          {figureMode === 'custom' && (
            <div className="space-y-2 pl-6">
              {figures.fields.map((item, index) => (
                <div key={item.id} className="flex flex-wrap items-start gap-2">
                  <Input aria-label={`Figure ${index + 1}`} placeholder="300+" className="w-24" {...register(`customFigures.${index}.value`)} />
                  <Input aria-label={`Figure ${index + 1} label`} placeholder="Active Services" className="w-48" {...register(`customFigures.${index}.label`)} />
                  <Button type="button" variant="outline" size="sm" onClick={() => figures.remove(index)}>
                    Remove
                  </Button>
                  {(errors.customFigures?.[index]?.value ?? errors.customFigures?.[index]?.label) && (
                    <p role="alert" className="w-full text-sm text-danger">
                      {errors.customFigures[index].value?.message ?? errors.customFigures[index].label?.message}
                    </p>
                  )}
                </div>
              ))}
              {figures.fields.length < 4 && (
                <Button type="button" variant="outline" size="sm" onClick={() => figures.append({ value: '', label: '' })}>
                  Add a figure
                </Button>
              )}
              {errors.customFigures?.message && (
                <p role="alert" className="text-sm text-danger">
                  {errors.customFigures.message}
                </p>
              )}
            </div>
          )}
        </fieldset>
      </Card>
      <Card className="space-y-4 p-5">
        <h2 className="font-semibold text-ink">Footer links</h2>
        <div className="grid gap-4 sm:grid-cols-2">
          {field('successStoriesUrl', 'Success Stories', (props) => <Input placeholder="https://... or /..." {...props} />, 'Empty: shown as coming soon')}
          {field('resourcesUrl', 'Resources', (props) => <Input placeholder="https://... or /..." {...props} />, 'Empty: shown as coming soon')}
        </div>
      </Card>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save Site settings'}
      </Button>
    </form>
  );
}
