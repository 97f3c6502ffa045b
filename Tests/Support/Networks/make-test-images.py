#!/usr/bin/python3
"""Test images for the posting tests, in DIR: photo.jpg (1200 × 800, upright, with GPS in EXIF and
XMP and a camera serial number), turned.jpg (640 × 480 stored, EXIF orientation 6: shown 480 × 640,
with GPS), noise.png (1400 × 1000 of noise with alpha: over Bluesky's 1,000,000 bytes), small.png (300 × 200), clip.mp4 (not
an image: a video's first bytes)."""
import os, random, sys

import gi
gi.require_version("GExiv2", "0.10")
from gi.repository import GExiv2
from PIL import Image

DIR = sys.argv[1]
random.seed(7)


def locate(path, orientation=None):
    metadata = GExiv2.Metadata()
    metadata.open_path(path)
    metadata.try_set_gps_info(2.2945, 48.8584, 35.0)
    metadata.try_set_tag_string("Exif.Photo.BodySerialNumber", "SN-123456789")
    metadata.try_set_tag_string("Xmp.exif.GPSLatitude", "48,51.504N")
    if orientation:
        metadata.try_set_tag_string("Exif.Image.Orientation", str(orientation))
    metadata.save_file(path)


photo = Image.new("RGB", (1200, 800))
photo.putdata([((x * 7) % 256, (y * 3) % 256, 90) for y in range(800) for x in range(1200)])
photo.save(os.path.join(DIR, "photo.jpg"), quality=92)
locate(os.path.join(DIR, "photo.jpg"))

turned = Image.new("RGB", (640, 480), (30, 120, 200))
turned.paste((250, 250, 0), (0, 0, 160, 120))  # a yellow corner: top left as stored
turned.save(os.path.join(DIR, "turned.jpg"), quality=92)
locate(os.path.join(DIR, "turned.jpg"), orientation=6)

noise = Image.frombytes("RGBA", (1400, 1000), bytes(random.getrandbits(8) for _ in range(1400 * 1000 * 4)))
noise.save(os.path.join(DIR, "noise.png"))

small = Image.new("RGB", (300, 200), (240, 120, 20))
small.save(os.path.join(DIR, "small.png"))

with open(os.path.join(DIR, "clip.mp4"), "wb") as clip:
    clip.write(b"\x00\x00\x00\x18ftypmp42\x00\x00\x00\x00mp42isom" + bytes(64))
