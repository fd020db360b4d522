/** The bytes as base64, the form the API takes files in (`b64`) and jsPDF takes fonts in. */
export function base64Of(bytes: ArrayBuffer): string {
  let binary = "";
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary);
}
