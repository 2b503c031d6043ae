// @vitest-environment happy-dom
// onLeavingPage (./index.tsx): the page being left is named while it still shows — what
// lib/pageSnapshot.ts keeps of it (docs/decisions/0080-a-returning-visit-paints-what-it-last-showed.md).
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { BrowserRouter, onLeavingPage, useLocation, useNavigate, type NavigateFunction } from './index';

afterEach(cleanup);

it('names the page being left while it still shows: a navigation, a replace, back; not a change of query alone', async () => {
  history.replaceState(null, '', '/flow');
  const left: string[] = [];
  const stop = onLeavingPage((path) => left.push(`${path} showing ${document.body.textContent}`));
  let navigate!: NavigateFunction;
  function Page() {
    navigate = useNavigate();
    return <p>{useLocation().pathname}</p>;
  }
  const { container } = render(
    <BrowserRouter>
      <Page />
    </BrowserRouter>,
  );
  expect(container.textContent).toBe('/flow');

  act(() => navigate('/mine'));
  await waitFor(() => expect(container.textContent).toBe('/mine'));
  act(() => navigate('/mine?tab=2'));
  act(() => navigate('/order', { replace: true }));
  await waitFor(() => expect(container.textContent).toBe('/order'));
  // back: the entry before /order (which replaced /mine?tab=2) is /mine
  act(() => history.back());
  await waitFor(() => expect(container.textContent).toBe('/mine'));
  expect(left).toEqual(['/flow showing /flow', '/mine showing /mine', '/order showing /order']);

  stop();
  act(() => navigate('/'));
  await waitFor(() => expect(container.textContent).toBe('/'));
  expect(left).toHaveLength(3);
});
