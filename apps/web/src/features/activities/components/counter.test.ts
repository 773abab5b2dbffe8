import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { Sun } from 'lucide-react';
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Counter } from './counter';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** English, as the source texts say it: no catalog needed. */
const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
let root: Root;
let host: HTMLElement;
let value = 0;
const changes: [number, string][] = [];

function render(max = 1440) {
  act(() =>
    root.render(
      createElement(
        I18nProvider,
        { i18n },
        createElement(Counter, {
          label: 'Time in the sun',
          icon: Sun,
          value,
          step: 2,
          max,
          duration: true,
          format: String,
          stepLabel: '2 minutes',
          onChange: (next, source) => {
            value = next;
            changes.push([next, source]);
            render(max);
          },
        }),
      ),
    ),
  );
}

const button = (name: string) => host.querySelector(`button[aria-label^="${name}"]`) as HTMLElement;
const input = () => host.querySelector('input') as HTMLInputElement;
const pointer = (target: HTMLElement, type: string) =>
  act(() => {
    target.dispatchEvent(new PointerEvent(type, { bubbles: true, button: 0 }));
  });
const click = (target: HTMLElement, detail: number) =>
  act(() => {
    target.dispatchEvent(new MouseEvent('click', { bubbles: true, detail }));
  });

beforeEach(() => {
  vi.useFakeTimers();
  value = 0;
  changes.length = 0;
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  render();
});

afterEach(() => {
  act(() => root.unmount());
  host.remove();
  vi.useRealTimers();
});

describe('Counter', () => {
  it('steps once for a tap: the press steps, the click after it does not', () => {
    const add = button('Add');
    pointer(add, 'pointerdown');
    pointer(add, 'pointerup');
    click(add, 1);
    expect(value).toBe(2);
    expect(changes).toEqual([[2, 'step']]);
  });

  it('steps once for Enter or Space (a click without a pointer)', () => {
    click(button('Add'), 0);
    click(button('Add'), 0);
    click(button('Remove'), 0);
    expect(value).toBe(2);
  });

  it('repeats while held and stops when released', () => {
    const add = button('Add');
    pointer(add, 'pointerdown');
    act(() => vi.advanceTimersByTime(3_000));
    pointer(add, 'pointerup');
    const held = value;
    expect(held).toBeGreaterThanOrEqual(60);
    act(() => vi.advanceTimersByTime(3_000));
    expect(value).toBe(held);
  });

  it('refuses a step below 0 and stops a hold at the limit', () => {
    click(button('Remove'), 0);
    expect(value).toBe(0);
    act(() => root.unmount());
    root = createRoot(host);
    render(10);
    pointer(button('Add'), 'pointerdown');
    act(() => vi.advanceTimersByTime(10_000));
    expect(value).toBe(10);
  });

  it('takes a typed value, clamped to the limit', () => {
    const field = input();
    expect(field.type).toBe('number');
    expect(field.inputMode).toBe('numeric');
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    act(() => {
      setValue?.call(field, '60');
      field.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(changes.at(-1)).toEqual([60, 'typed']);
    act(() => {
      setValue?.call(field, '5000');
      field.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(value).toBe(1440);
  });
});
