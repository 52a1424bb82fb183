import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { OwnerCategory } from '@qrmenu/contract';
import { api } from '../../api/client';
import { notify } from '../../components/notify';
import { Card, PageHeader, Spinner } from '../../components/ui';
import { CATEGORY_TEXT as T, USER_TOAST } from '../../texts/user';
import { CategoryForm } from './CategoryForm';
import type { Answer, categoryResponseSchema } from '@qrmenu/contract';

/** edit-category/{id}: the same fields, loaded for the given category; success or 404 → list. */
export default function EditCategory() {
  const { id } = useParams();
  const navigate = useNavigate();
  const [category, setCategory] = useState<OwnerCategory | null>(null);

  useEffect(() => {
    api
      .get<Answer<typeof categoryResponseSchema>>(`/api/edit-category/${id}`)
      .then((res) => {
        if (res.status === 200) setCategory(res.category);
        else if (res.status === 404) {
          notify.warning(USER_TOAST.warning, res.message);
          void navigate('/user/categories');
        }
      })
      .catch(() => undefined);
  }, [id, navigate]);

  return (
    <div>
      <PageHeader
        title={T.editTitle}
        actions={
          <Link to="/user/categories" className="text-sm font-semibold text-brand-700 hover:underline">
            ← {T.back}
          </Link>
        }
      />
      <Card className="max-w-2xl">
        {category ? (
          <CategoryForm
            initial={{ name: category.name, description: category.description ?? '', status: category.status, image: category.image, service_hours: category.service_hours, service_outside: category.service_outside }}
            url={`/api/update-category/${category.id}`}
            submitLabel={T.update}
            onDone={() => void navigate('/user/categories')}
          />
        ) : (
          <Spinner label={T.loadingOne} />
        )}
      </Card>
    </div>
  );
}
