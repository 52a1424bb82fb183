import { PRIVACY, TERMS } from '../../texts/legal';
import { LegalPage } from './LegalPage';

/** `/kullanim-sozlesmesi`: terms of use (static text). */
export default function Terms() {
  return <LegalPage doc={TERMS} related={{ to: '/gizlilik-politikasi', label: PRIVACY.title }} />;
}
