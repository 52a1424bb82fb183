import { PRIVACY, TERMS } from '../../texts/legal';
import { LegalPage } from './LegalPage';

/** `/gizlilik-politikasi`: privacy policy and KVKK notice (static text). */
export default function Privacy() {
  return <LegalPage doc={PRIVACY} related={{ to: '/kullanim-sozlesmesi', label: TERMS.title }} />;
}
