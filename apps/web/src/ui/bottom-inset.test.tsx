import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useBottomInsetRef } from './bottom-inset';

function Bar({ top }: { top: number }) {
  const ref = useBottomInsetRef();
  return (
    <div
      ref={(el) => {
        if (el) {
          vi.spyOn(el, 'getBoundingClientRect').mockReturnValue(
            DOMRect.fromRect({ x: 0, y: top, width: 375, height: window.innerHeight - top }),
          );
        }
        return ref(el);
      }}
    />
  );
}

const inset = () => document.documentElement.style.getPropertyValue('--bottom-bar-inset');

afterEach(() => vi.restoreAllMocks());

describe('useBottomInsetRef', () => {
  it('publishes how much of the bottom a fixed bar covers, and clears it when the bar goes', () => {
    const { unmount } = render(<Bar top={window.innerHeight - 120} />);
    expect(inset()).toBe('120px');
    unmount();
    expect(inset()).toBe('');
  });
});
