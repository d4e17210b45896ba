/**
 * Loads an outside script (a provider's browser library) once per URL, on first use; a failed
 * load is forgotten, so a later attempt tries again (the network came back).
 */
const loads = new Map<string, Promise<void>>();

export function loadScriptOnce(url: string, failure: () => Error): Promise<void> {
  const known = loads.get(url);
  if (known) return known;
  const load = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loads.delete(url);
      script.remove();
      reject(failure());
    };
    document.head.appendChild(script);
  });
  loads.set(url, load);
  return load;
}
