import { Placeholder } from '../../components/Placeholder';

export default function Contact() {
  return <Placeholder title="İletişim" />;
}
