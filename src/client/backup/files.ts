/** The trader's own day, YYYY-MM-DD, for the name of a file saved today. */
export function localDay(at: Date = new Date()): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}`;
}

/**
 * Saves text as a file through the browser's download: a Blob behind an object URL, clicked from
 * a link with `download`, so it works offline and leaves nothing on the page.
 */
export function saveFile(name: string, parts: BlobPart[], type: string): void {
  const url = URL.createObjectURL(new Blob(parts, { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once it starts; the URL is kept a moment for slow browsers.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Lets the page paint (a progress bar) between chunks of long work. */
export const nextFrame = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** A file's text, through FileReader: read the same in every browser the app runs in. */
export function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}
