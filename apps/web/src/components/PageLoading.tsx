/** Shown while a page's code or first data loads. */
export function PageLoading({ label = '加载中' }: { label?: string }) {
  return (
    <div role="status" aria-label={label}>
      <span className="app-spinner" />
    </div>
  );
}
