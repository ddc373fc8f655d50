import { describe, expect, it } from 'vitest';
import { ATTACHMENT_NAME_MAX, sanitizeAttachmentName } from './attachment-name';

describe('sanitizeAttachmentName', () => {
  it.each([
    ['invoice.pdf', 'application/pdf', 'invoice.pdf'],
    ['Photo.JPEG', 'image/jpeg', 'Photo.jpeg'],
    ['photo.jpg', 'image/jpeg', 'photo.jpg'],
    ['screenshot', 'image/png', 'screenshot.png'],
    ['a PDF named .png', 'application/pdf', 'a PDF named .png.pdf'],
    ['invoice.pdf.exe', 'application/pdf', 'invoice.pdf.exe.pdf'],
    ['../../etc/passwd', 'image/png', 'passwd.png'],
    ['C:\\Users\\me\\secret.gif', 'image/gif', 'secret.gif'],
    ['.htaccess', 'image/png', 'htaccess.png'],
    ['...', 'image/png', 'attachment.png'],
    ['', 'application/pdf', 'attachment.pdf'],
    ['"><img src=x onerror=alert(1)>.png', 'image/png', '___img src=x onerror=alert(1)_.png'],
    ['evil\u202Egnp.exe', 'image/png', 'evil_gnp.exe.png'],
    ['a\r\nContent-Type: text/html.pdf', 'application/pdf', 'html.pdf'],
    ['a\r\nContent-Type: text.pdf', 'application/pdf', 'a Content-Type_ text.pdf'],
    ['zero\u200Bwidth\u0000.webp', 'image/webp', 'zero_width_.webp'],
    ['tab\tand   spaces .png', 'image/png', 'tab and spaces .png'],
    ['Cafe\u0301.pdf', 'application/pdf', 'Café.pdf'],
    ['report;filename=x.pdf', 'application/pdf', 'report_filename=x.pdf'],
  ] as const)('%j as %s -> %j', (sent, type, stored) => {
    expect(sanitizeAttachmentName(sent, type)).toBe(stored);
  });

  it('caps the name and keeps the extension', () => {
    const name = sanitizeAttachmentName(`${'ä'.repeat(500)}.pdf`, 'application/pdf');
    expect([...name].length).toBe(ATTACHMENT_NAME_MAX);
    expect(name.endsWith('.pdf')).toBe(true);
    const emoji = sanitizeAttachmentName('😀'.repeat(300), 'image/gif');
    expect([...emoji].length).toBe(ATTACHMENT_NAME_MAX);
    expect(emoji.endsWith('😀.gif')).toBe(true);
  });
});
