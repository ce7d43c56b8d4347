// Offers text the page already holds as a download: nothing is sent anywhere.
export function saveFile(filename: string, content: string, mimeType = "text/csv") {
  const type = mimeType.includes("charset") ? mimeType : `${mimeType};charset=utf-8`;
  const url = URL.createObjectURL(new Blob([content], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  // The click has started the download by the next tick; the blob can go a little later.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
