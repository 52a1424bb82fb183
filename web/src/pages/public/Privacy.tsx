import { Placeholder } from '../../components/Placeholder';

export default function Privacy() {
  return <Placeholder title="Gizlilik Politikası ve KVKK Aydınlatma Metni" />;
}
