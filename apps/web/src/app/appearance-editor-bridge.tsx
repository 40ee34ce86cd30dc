import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import {
  editorMessageOf,
  isAppearanceEditorActive,
  isStyleVariable,
  PREVIEW_SOURCE,
  type PreviewMessage,
  previewCustomCode,
  setPreviewThemeId,
  withAppearance,
} from '#src/lib/appearance-editor';
import { updateBootstrapData } from '#src/lib/bootstrap-store';
import { applyThemeFont } from '#src/lib/theme';

/**
 * The framed site's side of the appearance editor (SPEC §4): applies the editor's messages — only
 * from this host, from the framing window, with the editor's source — to the page as the admin
 * types, and tells the editor which landing section was clicked. Rendered only inside the frame.
 */
export function AppearanceEditorBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    if (!isAppearanceEditorActive()) return;
    const onMessage = (event: MessageEvent) => {
      const message = editorMessageOf(event);
      if (!message) return;
      const root = document.documentElement;
      switch (message.type) {
        case 'navigate':
          if (message.to.startsWith('/') && !message.to.startsWith('//')) navigate(message.to);
          break;
        case 'setValues':
          updateBootstrapData((data) => withAppearance(data, message.values));
          break;
        case 'setThemeValue':
          if (isStyleVariable(message.name, message.value))
            root.style.setProperty(message.name, message.value);
          break;
        case 'setActiveTheme':
          setPreviewThemeId(message.themeId);
          break;
        case 'setThemeFont':
          // A family of the fonts the site serves (anything else: the app's own font).
          applyThemeFont(message.value);
          break;
        case 'setCustomCode':
          previewCustomCode(message.mode, message.value);
          break;
      }
    };
    // A click on a landing section opens its fields in the editor (a link in it still works).
    const onClick = (event: MouseEvent) => {
      const section = (event.target as Element | null)?.closest?.('[data-appearance-section]');
      const name = section?.getAttribute('data-appearance-section');
      if (!name) return;
      const message: PreviewMessage & { source: string } = {
        source: PREVIEW_SOURCE,
        type: 'openSection',
        section: name,
      };
      window.parent.postMessage(message, window.location.origin);
    };
    window.addEventListener('message', onMessage);
    document.addEventListener('click', onClick);
    // Listening now: the editor sends its whole state (what it sends before this would be lost).
    const ready: PreviewMessage & { source: string } = { source: PREVIEW_SOURCE, type: 'ready' };
    window.parent.postMessage(ready, window.location.origin);
    return () => {
      window.removeEventListener('message', onMessage);
      document.removeEventListener('click', onClick);
    };
  }, [navigate]);
  return null;
}
