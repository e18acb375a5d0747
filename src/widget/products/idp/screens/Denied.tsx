import { useWidget } from '../../../context.ts';
import { Header } from '../../../ui/Header.tsx';
import type { ProductScreenProps } from '../../types.ts';

/** After Deny (spec section 8): 'Access to the application was denied.' while the browser returns to the app. */
export default function Denied({ autoFocus }: ProductScreenProps) {
  const { t } = useWidget();
  return <Header title={t('consent.denied')} focusTitle={autoFocus} />;
}
