import { useWidget } from '../../../context.ts';
import { Header } from '../../../ui/Header.tsx';
import type { ProductScreenProps } from '../../types.ts';

/** After No on the logout question (spec section 2): the session is kept, and the page says so. */
export default function NotLoggedOut({ autoFocus }: ProductScreenProps) {
  const { t } = useWidget();
  return <Header title={t('logout.notLoggedOut')} focusTitle={autoFocus} />;
}
