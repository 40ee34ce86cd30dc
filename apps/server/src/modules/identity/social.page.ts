import type { SocialLoginResult } from '@zema/contracts';
import { msg, SOCIAL_POPUP_MESSAGE_TYPE } from '@zema/contracts';
import { escapeHtml, serializeForScript } from '#src/lib/html';

export const DEFAULT_SOCIAL_ERROR = msg('An error occurred. Please try again later');
export const REQUEST_PASSWORD_TEXT = msg(
  'An account with this email address already exists. If you want to connect the two accounts, enter existing account password.',
);

function fallbackText(result: SocialLoginResult): string {
  switch (result.status) {
    case 'SUCCESS':
    case 'ALREADY_LOGGED_IN':
      return msg('You are logged in. You can close this window.');
    case 'REQUEST_PASSWORD':
      return REQUEST_PASSWORD_TEXT;
    case 'ERROR':
      return result.message ?? DEFAULT_SOCIAL_ERROR;
  }
}

/**
 * The page the popup ends on. Its script hands the result to the window that opened it, addressed
 * to the app's exact origin (never '*', so no other site that opened the popup can read it), and
 * closes the popup. Opened without an opener it goes home when logged in, or shows the message.
 */
export function renderResultPage(
  result: SocialLoginResult,
  appOrigin: string,
  nonce: string,
  siteName: string,
) {
  const message = { type: SOCIAL_POPUP_MESSAGE_TYPE, result };
  const goHome = result.status === 'SUCCESS' || result.status === 'ALREADY_LOGGED_IN';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(siteName)}</title>
</head>
<body>
<p id="social-result" role="status">${escapeHtml(fallbackText(result))}</p>
<script nonce="${escapeHtml(nonce)}">
(function () {
  var message = ${serializeForScript(message)};
  if (window.opener) {
    window.opener.postMessage(message, ${serializeForScript(appOrigin)});
    window.close();
  } else if (${goHome ? 'true' : 'false'}) {
    window.location.replace('/');
  }
})();
</script>
</body>
</html>
`;
}
