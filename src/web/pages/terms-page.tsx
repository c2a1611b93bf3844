import { TermsAndConditions } from '../features/legal/components/terms-and-conditions';
import { usePageMeta } from '../lib/page-meta';

export function TermsPage() {
  usePageMeta('terms-conditions');
  return <TermsAndConditions />;
}
