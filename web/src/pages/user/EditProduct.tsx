import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { OwnerProduct } from '@qrmenu/contract';
import { api } from '../../api/client';
import { notify } from '../../components/notify';
import { Card, PageHeader } from '../../components/ui';
import { PRODUCT_TEXT as T, USER_TOAST } from '../../texts/user';
import { ProductForm } from './ProductForm';
import { PriceHistory } from './PriceHistory';
import type { Answer, categoryNamesResponseSchema, productResponseSchema } from '@qrmenu/contract';

/** edit-product/{id}: 'Loading Edit Product' until loaded, 50 px thumbnail; success or 404 → list. */
export default function EditProduct() {
  const { id } = useParams();
  const navigate = useNavigate();
  const [product, setProduct] = useState<OwnerProduct | null>(null);
  const [categories, setCategories] = useState<Array<{ id: number; name: string }> | null>(null);

  useEffect(() => {
    api
      .get<Answer<typeof productResponseSchema>>(`/api/edit-product/${id}`)
      .then((res) => {
        if (res.status === 200) setProduct(res.product);
        else if (res.status === 404) {
          notify.warning(USER_TOAST.warning, res.message);
          void navigate('/user/products');
        }
      })
      .catch(() => undefined);
    api
      .get<Answer<typeof categoryNamesResponseSchema>>('/api/all-category')
      .then((res) => res.status === 200 && setCategories(res.category))
      .catch(() => undefined);
  }, [id, navigate]);

  return (
    <div>
      <PageHeader
        title={T.editTitle}
        actions={
          <Link to="/user/products" className="text-sm font-semibold text-brand-700 hover:underline">
            ← {T.back}
          </Link>
        }
      />
      <Card className="max-w-2xl">
        {product && categories ? (
          <ProductForm categories={categories} initial={product} url={`/api/update-product/${product.id}`} submitLabel={T.update} thumbSize={50} onDone={() => void navigate('/user/products')} />
        ) : (
          <div className="flex items-center gap-3 py-8 text-stone-600" role="status">
            <span className="h-5 w-5 animate-spin rounded-full border-2 border-stone-300 border-t-brand-700" aria-hidden />
            <span>{T.loadingEdit}</span>
          </div>
        )}
      </Card>
      {product ? <PriceHistory productId={product.id} /> : null}
    </div>
  );
}
