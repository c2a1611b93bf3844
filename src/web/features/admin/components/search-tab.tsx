import { useId, useState } from 'react';
import { type SearchSynonym, searchSynonymSchema } from '../../../../shared/schemas/search-synonym';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { EditableListHeader, EditableRow, useConfirmedDelete } from './editable-list';
import { useDeleteSearchSynonym, useSaveSearchSynonym, useSearchSynonyms } from '../api/use-search-synonyms';

/**
 * The Search tab: the synonyms search expands words with (docs/decisions/search.md, "Synonyms"),
 * groups of equivalents and one-way rows, listed, added, edited and deleted.
 */
export function SearchTab() {
  const synonyms = useSearchSynonyms();
  // Kept while the dialog closes, so its title does not switch during the animation.
  const [dialog, setDialog] = useState<{ open: boolean; synonym: SearchSynonym | null }>({ open: false, synonym: null });
  const deletion = useConfirmedDelete<SearchSynonym>(useDeleteSearchSynonym(), {
    title: 'Delete synonyms',
    description: 'Searches for these terms no longer find each other.',
    deleted: 'Synonyms deleted',
    failed: 'Failed to delete synonyms',
  });
  return (
    <section aria-labelledby="search-synonyms" className="space-y-4">
      <EditableListHeader
        id="search-synonyms"
        title="Search synonyms"
        description="A search for a word or phrase also finds its synonyms: equivalents find each other, a one-way synonym is found from its word only. British and American spellings are matched without a synonym."
        addLabel="Add Synonyms"
        onAdd={() => setDialog({ open: true, synonym: null })}
      />
      {synonyms.isLoading ? (
        <Skeleton className="h-24 w-full" />
      ) : synonyms.data?.length === 0 ? (
        <Card className="p-10 text-center text-muted">No synonyms yet. Add one so that a search for an abbreviation finds what it stands for.</Card>
      ) : (
        <ul className="space-y-3" aria-label="Search synonyms">
          {synonyms.data?.map((synonym) => (
            <EditableRow
              key={synonym.id}
              testId="search-synonym"
              name={`synonyms of ${synonym.from ?? synonym.terms[0]}`}
              onEdit={() => setDialog({ open: true, synonym })}
              onDelete={() => deletion.ask(synonym)}
            >
              <p className="flex min-w-0 flex-wrap items-center gap-2 break-words text-ink">
                <Badge tone={synonym.from ? 'primary' : 'neutral'}>{synonym.from ? 'One way' : 'Equivalents'}</Badge>
                {synonym.from ? (
                  <span>
                    <span className="font-medium">{synonym.from}</span> → {synonym.terms.join(', ')}
                  </span>
                ) : (
                  <span>{synonym.terms.join(' = ')}</span>
                )}
              </p>
            </EditableRow>
          ))}
        </ul>
      )}
      <Dialog open={dialog.open} onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}>
        <DialogContent
          title={dialog.synonym ? 'Edit Synonyms' : 'Add Synonyms'}
          description="Terms are words or phrases, compared as search reads them: in lower case, punctuation ignored."
        >
          {/* The content mounts on each opening, so the form starts from the row as it is now. */}
          <SynonymForm synonym={dialog.synonym ?? undefined} onDone={() => setDialog((current) => ({ ...current, open: false }))} />
        </DialogContent>
      </Dialog>
      {deletion.dialog}
    </section>
  );
}

function SynonymForm({ synonym, onDone }: { synonym?: SearchSynonym; onDone: () => void }) {
  const id = useId();
  const save = useSaveSearchSynonym(synonym?.id);
  const [oneWay, setOneWay] = useState(!!synonym?.from);
  const [from, setFrom] = useState(synonym?.from ?? '');
  const [terms, setTerms] = useState(synonym?.terms.join(', ') ?? '');
  const [errors, setErrors] = useState<{ from?: string; terms?: string }>({});
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const input = { from: oneWay ? from : null, terms: terms.split(',').filter((term) => term.trim() !== '') };
    const parsed = searchSynonymSchema.safeParse(input);
    if (!parsed.success) {
      const issue = (field: string) => parsed.error.issues.find((found) => found.path[0] === field)?.message;
      setErrors({ from: issue('from'), terms: issue('terms') });
      return;
    }
    if (oneWay && !parsed.data.from) {
      setErrors({ from: 'Enter the word or phrase searched for' });
      return;
    }
    setErrors({});
    save.mutate(input, {
      onSuccess: () => {
        toast({ title: synonym ? 'Synonyms updated' : 'Synonyms saved' });
        onDone();
      },
      onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to save synonyms'), variant: 'destructive' }),
    });
  };
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-ink">Kind</legend>
        <label className="flex items-center gap-2 text-sm text-ink">
          <input type="radio" name={`${id}-kind`} checked={!oneWay} onChange={() => setOneWay(false)} />
          Equivalents: a search for any term finds them all
        </label>
        <label className="flex items-center gap-2 text-sm text-ink">
          <input type="radio" name={`${id}-kind`} checked={oneWay} onChange={() => setOneWay(true)} />
          One way: a search for a word or phrase also finds the terms
        </label>
      </fieldset>
      {oneWay && (
        <FormField id={`${id}-from`} label="Word or phrase searched for" error={errors.from}>
          <Input id={`${id}-from`} value={from} onChange={(event) => setFrom(event.target.value)} placeholder="g suite" />
        </FormField>
      )}
      <FormField id={`${id}-terms`} label={oneWay ? 'Also finds (comma-separated)' : 'Equivalent terms (comma-separated)'} error={errors.terms}>
        <Input id={`${id}-terms`} value={terms} onChange={(event) => setTerms(event.target.value)} placeholder={oneWay ? 'google workspace' : 'seo, search engine optimization'} />
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Synonyms'}
        </Button>
      </DialogFooter>
    </form>
  );
}
