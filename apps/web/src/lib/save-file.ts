/** Hands a downloaded file to the browser under a name. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start reading the URL after click() returns; revoking at once can cancel the download.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
