import { Placeholder } from '../../components/Placeholder';

export default function Terms() {
  return <Placeholder title="Kullanım Sözleşmesi" />;
}
