/** Placeholder pages of spec §2: they show only the text Page403 / Page404. */
export function Page403() {
  return <p className="p-8 text-center text-lg font-semibold text-stone-700">Page403</p>;
}
export function Page404() {
  return <p className="p-8 text-center text-lg font-semibold text-stone-700">Page404</p>;
}
