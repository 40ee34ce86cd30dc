/** The default sender: "<site name>" <no-reply@<APP_URL host>>. */
export function defaultFrom(siteName: string, appUrl: string) {
  const host = new URL(appUrl).hostname;
  return `"${siteName.replace(/["\\\r\n]/g, '')}" <no-reply@${host}>`;
}
