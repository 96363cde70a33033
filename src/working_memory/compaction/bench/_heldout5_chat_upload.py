"""Held out, fifth set: written 2026-12-05, after the offline handoff was last tuned, by an
author who never ran the handoff on them. OpenAI chat with function tools: photo uploads over
1 MB rejected by nginx with a 413; raising client_max_body_size written, then reverted at the
user's word for direct-to-S3 uploads with presigned URLs; a scratch presign script created then
deleted; a CORS error that a re-run did not fix and the bucket's missing CORS rule did; a
colleague's review (a presigned PUT has no size limit, client filenames as keys, a complete()
that trusts the key); the presigned POST written last, the CORS rule still PUT-only, the key
check not done; the assistant's last words name a check its last call made."""

from __future__ import annotations

from .._questions import Question
from ._build import Script

s = Script(
    "You are a coding assistant working in the tripnotes repository (FastAPI backend in api/, "
    "React frontend in web/, Terraform in infra/). You can read, write, edit and delete files "
    "and run shell commands."
)
s.user(
    "Uploading a photo bigger than about 1 MB fails in production with `413 Request Entity "
    "Too Large`, and phone photos are 3-8 MB. Uploads go to POST /api/notes/{note_id}/photos "
    "(api/routes/photos.py), which writes them to S3. Can you fix it?"
)
s.call(
    "read_file",
    "server {\n    listen 443 ssl;\n    server_name tripnotes.app;\n\n    location /api/ {\n"
    "        proxy_pass http://api:8000;\n        proxy_read_timeout 30s;\n    }\n\n"
    "    location / {\n        root /srv/web;\n        try_files $uri /index.html;\n    }\n}\n",
    path="deploy/nginx/tripnotes.conf",
)
s.say(
    "The 413 comes from nginx, not the API: there's no client_max_body_size in this server "
    "block, so nginx applies its default of 1m and rejects anything larger before it reaches "
    "FastAPI. I'll raise it to 20m for /api/ and add a matching 20 MB check in photos.py so the "
    "API returns a clear error for anything bigger."
)
s.call(
    "edit_file",
    "Edited deploy/nginx/tripnotes.conf",
    path="deploy/nginx/tripnotes.conf",
    old="        proxy_read_timeout 30s;\n",
    new="        proxy_read_timeout 30s;\n        client_max_body_size 20m;\n",
)
s.call(
    "edit_file",
    "Edited api/routes/photos.py",
    path="api/routes/photos.py",
    old="    data = await file.read()\n",
    new="    data = await file.read()\n    if len(data) > MAX_PHOTO_BYTES:  # 20 MB, as nginx\n"
    "        raise HTTPException(413, 'photo larger than 20 MB')\n",
)
s.user(
    "Hold on, don't raise the limit. We don't want photos streaming through the API pods at "
    "all: they run with a 512 MB memory limit, and an 8 MB upload over a phone connection ties "
    "up a worker for most of a minute. Have the browser upload straight to S3 with a presigned "
    "URL: the API hands out the URL, the browser uploads the file, then tells the API it's "
    "done. Put nginx and photos.py back the way they were first."
)
s.call(
    "run_command",
    "Updated 2 paths from the index\n",
    command="git checkout -- deploy/nginx/tripnotes.conf api/routes/photos.py && git status --short",
)
s.say(
    "Reverted both. Plan for the direct upload:\n1. POST /api/notes/{note_id}/photos/upload-url "
    "returns a presigned PUT URL from boto3's generate_presigned_url('put_object', ...) valid "
    "for 300 s, for the key notes/{note_id}/{filename}.\n2. web/src/api/uploadPhoto.ts PUTs the "
    "file to that URL.\n3. POST /api/notes/{note_id}/photos/complete with the key records the "
    "photo row."
)
s.call(
    "edit_file",
    "Edited api/routes/photos.py",
    path="api/routes/photos.py",
    old="@router.post('/notes/{note_id}/photos')\n",
    new="@router.post('/notes/{note_id}/photos/upload-url')\n"
    "def upload_url(note_id: int, body: UploadRequest, user: User = Depends(current_user)):\n"
    "    note = notes.get_owned(note_id, user)\n    key = f'notes/{note.id}/{body.filename}'\n"
    "    url = s3.generate_presigned_url(\n        'put_object',\n"
    "        Params={'Bucket': PHOTOS_BUCKET, 'Key': key, 'ContentType': body.content_type},\n"
    "        ExpiresIn=300,\n    )\n    return {'url': url, 'key': key}\n\n\n"
    "@router.post('/notes/{note_id}/photos/complete')\n"
    "def complete(note_id: int, body: CompleteRequest, user: User = Depends(current_user)):\n"
    "    note = notes.get_owned(note_id, user)\n"
    "    return photos.create(note, key=body.key)\n\n\n"
    "@router.post('/notes/{note_id}/photos')\n",
)
s.call(
    "write_file",
    "Wrote web/src/api/uploadPhoto.ts",
    path="web/src/api/uploadPhoto.ts",
    content="export async function uploadPhoto(noteId: number, file: File): Promise<Photo> {\n"
    "  const { url, key } = await api.post(`/notes/${noteId}/photos/upload-url`, {\n"
    "    filename: file.name,\n    content_type: file.type,\n  });\n"
    "  const put = await fetch(url, { method: 'PUT', body: file, headers: { 'Content-Type': "
    "file.type } });\n  if (!put.ok) throw new Error(`upload failed: ${put.status}`);\n"
    "  return api.post(`/notes/${noteId}/photos/complete`, { key });\n}\n",
)
s.call(
    "write_file",
    "Wrote scripts/try_presign.py",
    path="scripts/try_presign.py",
    content="# scratch: get an upload URL from staging and PUT a 6 MB file to it\n"
    "import requests, sys\n\nAPI = 'https://staging.tripnotes.app/api'\n"
    "r = requests.post(f'{API}/notes/17/photos/upload-url', json={'filename': 'big.jpg', "
    "'content_type': 'image/jpeg'}, headers={'Authorization': f'Bearer {sys.argv[1]}'})\n"
    "put = requests.put(r.json()['url'], data=open('big.jpg', 'rb'), headers={'Content-Type': "
    "'image/jpeg'})\nprint(r.status_code, put.status_code)\n",
)
s.call(
    "run_command",
    "200 200\n",
    command="head -c 6000000 /dev/urandom > big.jpg && python scripts/try_presign.py $STAGING_TOKEN",
)
s.say(
    "The presigned PUT works from a script: a 6 MB file goes straight to the staging bucket. "
    "Now the browser path, with the Playwright test against staging."
)
s.call(
    "run_command",
    "Running 1 test using 1 worker\n  ✘  1 e2e/upload.spec.ts:8:5 › uploads an 8 MB photo "
    "(12.4s)\n\n  Error: upload failed: 0\n\n  Browser console:\n"
    "  Access to fetch at 'https://tripnotes-photos-staging.s3.eu-west-1.amazonaws.com/notes/17/"
    "IMG_0412.JPG?X-Amz-Algorithm=...' from origin 'https://staging.tripnotes.app' has been "
    "blocked by CORS policy: Response to preflight request doesn't pass access control check: "
    "No 'Access-Control-Allow-Origin' header is present on the requested resource.\n\n"
    "  1 failed",
    command="npx playwright test e2e/upload.spec.ts --project=staging",
)
s.say(
    "The script worked, so the bucket accepts the PUT. This looks like the browser cached the "
    "failed preflight from an earlier attempt, or the bucket's CORS config may not have "
    "propagated yet; running the test again."
)
s.call(
    "run_command",
    "Running 1 test using 1 worker\n  ✘  1 e2e/upload.spec.ts:8:5 › uploads an 8 MB photo "
    "(11.9s)\n\n  Error: upload failed: 0\n\n  Browser console:\n"
    "  Access to fetch at 'https://tripnotes-photos-staging.s3.eu-west-1.amazonaws.com/...' "
    "from origin 'https://staging.tripnotes.app' has been blocked by CORS policy: Response to "
    "preflight request doesn't pass access control check: No 'Access-Control-Allow-Origin' "
    "header is present on the requested resource.\n\n  1 failed",
    command="npx playwright test e2e/upload.spec.ts --project=staging",
)
s.call(
    "run_command",
    "An error occurred (NoSuchCORSConfiguration) when calling the GetBucketCors operation: The "
    "CORS configuration does not exist\n",
    command="aws s3api get-bucket-cors --bucket tripnotes-photos-staging",
)
s.say(
    "Same failure, and it isn't caching: the staging bucket has no CORS configuration at all. "
    "The script worked only because CORS is enforced by browsers, not by S3 for a plain "
    "client. I'll add a CORS rule for the photos bucket in infra/s3.tf, allowing PUT from the "
    "two app origins with the Content-Type header, and apply it to staging."
)
s.call(
    "edit_file",
    "Edited infra/s3.tf",
    path="infra/s3.tf",
    old='resource "aws_s3_bucket_public_access_block" "photos" {\n',
    new='resource "aws_s3_bucket_cors_configuration" "photos" {\n'
    "  bucket = aws_s3_bucket.photos.id\n\n  cors_rule {\n"
    '    allowed_methods = ["PUT"]\n'
    '    allowed_origins = ["https://tripnotes.app", "https://staging.tripnotes.app"]\n'
    '    allowed_headers = ["content-type"]\n    max_age_seconds = 3000\n  }\n}\n\n'
    'resource "aws_s3_bucket_public_access_block" "photos" {\n',
)
s.call(
    "run_command",
    "aws_s3_bucket_cors_configuration.photos: Creating...\n"
    "aws_s3_bucket_cors_configuration.photos: Creation complete after 1s "
    "[id=tripnotes-photos-staging]\n\nApply complete! Resources: 1 added, 0 changed, 0 destroyed.",
    command="terraform -chdir=infra apply -var-file=staging.tfvars "
    "-target=aws_s3_bucket_cors_configuration.photos -auto-approve",
)
s.call(
    "run_command",
    "Running 1 test using 1 worker\n  ✓  1 e2e/upload.spec.ts:8:5 › uploads an 8 MB photo "
    "(6.1s)\n\n  1 passed (7.0s)",
    command="npx playwright test e2e/upload.spec.ts --project=staging",
)
s.call(
    "delete_file",
    "Deleted scripts/try_presign.py",
    path="scripts/try_presign.py",
)
s.call(
    "run_command",
    "........................................................ [100%]\n57 passed in 4.83s\n",
    command="rm -f big.jpg && cd api && pytest -q",
)
s.say(
    "Direct uploads work: the 8 MB Playwright upload passes against staging, the API tests "
    "pass (57), and the photo bytes never touch the API pods. The CORS rule is applied to "
    "staging only; prod gets it with the next terraform apply. I removed the scratch script."
)
s.user(
    "Marco reviewed the PR. (1) A presigned PUT URL puts no limit on the size: anyone holding "
    "the URL can upload a 5 GB object. Use a presigned POST with a content-length-range "
    "condition, max 20 MB. (2) The key uses the client's filename: two IMG_0001.JPG on the "
    "same note overwrite each other, and a filename with ../ in it lands outside the note's "
    "prefix. Generate the key on the server as notes/{note_id}/{uuid4}.jpg. (3) complete() "
    "trusts whatever key the client sends back; check it starts with notes/{note_id}/ and "
    "that the object exists. Fix all three."
)
s.say(
    "I'll switch upload-url to a presigned POST first, then the server-side key, then the "
    "check in complete(). A presigned POST is a form POST, so the bucket's CORS rule has to "
    "allow POST as well as PUT."
)
s.call(
    "edit_file",
    "Edited api/routes/photos.py",
    path="api/routes/photos.py",
    old="    key = f'notes/{note.id}/{body.filename}'\n"
    "    url = s3.generate_presigned_url(\n        'put_object',\n"
    "        Params={'Bucket': PHOTOS_BUCKET, 'Key': key, 'ContentType': body.content_type},\n"
    "        ExpiresIn=300,\n    )\n    return {'url': url, 'key': key}\n",
    new="    key = f'notes/{note.id}/{uuid.uuid4()}.jpg'  # never the client's filename\n"
    "    post = s3.generate_presigned_post(\n        PHOTOS_BUCKET,\n        key,\n"
    "        Fields={'Content-Type': body.content_type},\n        Conditions=[\n"
    "            ['content-length-range', 1, MAX_PHOTO_BYTES],  # 20 MB\n"
    "            {'Content-Type': body.content_type},\n        ],\n        ExpiresIn=300,\n"
    "    )\n    return {'url': post['url'], 'fields': post['fields'], 'key': key}\n",
)
s.call(
    "edit_file",
    "Edited web/src/api/uploadPhoto.ts",
    path="web/src/api/uploadPhoto.ts",
    old="  const { url, key } = await api.post(`/notes/${noteId}/photos/upload-url`, {\n"
    "    filename: file.name,\n    content_type: file.type,\n  });\n"
    "  const put = await fetch(url, { method: 'PUT', body: file, headers: { 'Content-Type': "
    "file.type } });\n  if (!put.ok) throw new Error(`upload failed: ${put.status}`);\n",
    new="  const { url, fields, key } = await api.post(`/notes/${noteId}/photos/upload-url`, {\n"
    "    content_type: file.type,\n  });\n  const form = new FormData();\n"
    "  Object.entries(fields).forEach(([k, v]) => form.append(k, v as string));\n"
    "  form.append('file', file); // S3 wants the file last\n"
    "  const res = await fetch(url, { method: 'POST', body: form });\n"
    "  if (!res.ok) throw new Error(`upload failed: ${res.status}`);\n",
)
s.say(
    "upload-url now returns a presigned POST limited to 20 MB by content-length-range, with a "
    "uuid4 key generated on the server, and uploadPhoto.ts posts the form. Let me re-read "
    "upload_url to check the content-length-range condition is in place:"
)
s.call(
    "read_file",
    "@router.post('/notes/{note_id}/photos/upload-url')\n"
    "def upload_url(note_id: int, body: UploadRequest, user: User = Depends(current_user)):\n"
    "    note = notes.get_owned(note_id, user)\n"
    "    key = f'notes/{note.id}/{uuid.uuid4()}.jpg'  # never the client's filename\n"
    "    post = s3.generate_presigned_post(\n        PHOTOS_BUCKET,\n        key,\n"
    "        Fields={'Content-Type': body.content_type},\n        Conditions=[\n"
    "            ['content-length-range', 1, MAX_PHOTO_BYTES],  # 20 MB\n"
    "            {'Content-Type': body.content_type},\n        ],\n        ExpiresIn=300,\n"
    "    )\n    return {'url': post['url'], 'fields': post['fields'], 'key': key}\n\n\n"
    "@router.post('/notes/{note_id}/photos/complete')\n"
    "def complete(note_id: int, body: CompleteRequest, user: User = Depends(current_user)):\n"
    "    note = notes.get_owned(note_id, user)\n"
    "    return photos.create(note, key=body.key)\n",
    path="api/routes/photos.py",
)

MESSAGES = s.messages

QUESTIONS = (
    Question("task", "What is the task?",
             "Photo uploads over about 1 MB fail in production with 413 Request Entity Too "
             "Large (phone photos are 3-8 MB); uploads go to POST /api/notes/{note_id}/photos "
             "in api/routes/photos.py. Make them work.",
             must=(("413", "request entity too large", "1 mb"),
                   ("upload", "photo")),
             partial_means="Uploads named without the 413 or the size.",
             wrong="Compressing photos in the browser; an S3 permissions bug."),
    Question("latest_request", "What did the user last ask?",
             "Marco's review, fix all three: a presigned POST with a content-length-range "
             "condition (max 20 MB) instead of a PUT URL; the key generated on the server as "
             "notes/{note_id}/{uuid4}.jpg; complete() checks the key starts with "
             "notes/{note_id}/ and that the object exists.",
             must=(("presigned post", "content-length-range"), ("uuid4", "uuid"),
                   ("complete()", "complete endpoint", "starts with", "trusts")),
             partial_means="One or two of the three review points.",
             wrong="Raising nginx's client_max_body_size (the user ruled it out).",
             stale_means="The direct-to-S3 correction or the first request given as the "
                         "latest."),
    Question("next_step", "What exactly is the next step?",
             "Make complete() in api/routes/photos.py check that the key starts with "
             "notes/{note_id}/ and that the object exists (head_object); allow POST in the "
             "bucket's CORS rule in infra/s3.tf and apply it to staging; then run the API tests "
             "and the Playwright upload test.",
             must=(("complete()", "complete endpoint", "starts with", "notes/{note_id}/",
                    "key check", "check the key"),
                   ("cors", "s3.tf", "allow post")),
             stale=("re-read upload_url", "switch upload-url to a presigned post",
                    "client_max_body_size 20m"),
             partial_means="The complete() check without the CORS rule that must allow POST, "
                           "or the reverse.",
             wrong="Raising the nginx limit; going back to a presigned PUT.",
             stale_means="Says to switch to a presigned POST or re-read upload_url: both "
                         "done."),
    Question("files_edited", "Which files were changed, and why?",
             "api/routes/photos.py (upload-url: presigned POST, content-length-range 20 MB, "
             "uuid4 key; complete()); web/src/api/uploadPhoto.ts (new: posts the form to S3, "
             "then calls complete); infra/s3.tf (aws_s3_bucket_cors_configuration for the "
             "photos bucket, applied to staging). deploy/nginx/tripnotes.conf was edited and "
             "reverted; scripts/try_presign.py was created and deleted.",
             must=(("photos.py",), ("uploadphoto.ts",), ("s3.tf",)),
             stale=("try_presign.py", "tripnotes.conf", "client_max_body_size"), spread=True,
             partial_means="One or two of the three files.",
             wrong="Files the span never touched.",
             stale_means="The nginx config or scripts/try_presign.py listed as a current "
                         "change."),
    Question("decisions", "What was decided, and what does it rule out?",
             "The browser uploads straight to S3 with a presigned POST (content-length-range up "
             "to 20 MB, a server-made uuid4 key) and then calls complete(); rules out raising "
             "nginx's client_max_body_size and streaming photos through the API pods (512 MB "
             "memory limit, a worker tied up per upload), and the presigned PUT URL (no size "
             "limit).",
             must=(("presigned post", "generate_presigned_post", "content-length-range"),
                   ("nginx", "client_max_body_size", "through the api", "api pods")),
             stale=("raise it to 20m", "client_max_body_size 20m", "presigned put url from",
                    "generate_presigned_url("),
             partial_means="Direct-to-S3 uploads without what they rule out, or a presigned "
                           "PUT given as the design.",
             wrong="Raising the nginx limit given as the design.",
             stale_means="The nginx 20m limit or the presigned PUT given as the current "
                         "design."),
    Question("review", "What did the review find?",
             "Marco: a presigned PUT URL has no size limit (a 5 GB object); the key uses the "
             "client's filename (two IMG_0001.JPG overwrite each other, ../ escapes the note's "
             "prefix); complete() trusts the key the client sends back.",
             must=(("size", "5 gb", "no limit"), ("filename", "overwrite", "../"),
                   ("complete()", "trusts")),
             partial=2,
             partial_means="One or two of the three findings.",
             wrong="The missing CORS configuration (the agent found that itself)."),
    Question("corrections", "How did the user correct the agent?",
             "Don't raise the nginx limit: photos must not stream through the API pods (512 MB "
             "memory limit, an 8 MB phone upload ties up a worker for most of a minute); upload "
             "straight to S3 with a presigned URL and then tell the API; revert nginx and "
             "photos.py.",
             must=(("nginx", "client_max_body_size", "api pods", "through the api"),
                   ("presigned", "straight to s3", "direct")),
             partial_means="No nginx change without the direct upload, or the reverse.",
             wrong="Marco's review given as the correction."),
    Question("errors", "Which errors occurred, and what fixed each?",
             "The Playwright upload failed (upload failed: 0) with a CORS error: No "
             "'Access-Control-Allow-Origin' header on the preflight to the staging bucket; a "
             "re-run gave the same; get-bucket-cors showed NoSuchCORSConfiguration; fixed by an "
             "aws_s3_bucket_cors_configuration rule in infra/s3.tf applied to staging with "
             "terraform. (The 413 itself was nginx's default client_max_body_size of 1m.)",
             must=(("cors", "access-control-allow-origin"),
                   ("s3.tf", "cors_rule", "cors rule", "terraform")),
             stale=("cached the failed preflight", "not have propagated", "fixed by re-running",
                    "fixed by running the test again"),
             partial_means="The CORS error without the missing bucket rule that fixed it.",
             wrong="The 413 given as fixed by raising the nginx limit.",
             stale_means="The CORS error put down to a cached preflight or propagation, or "
                         "'fixed' by the re-run."),
    Question("key_values", "Which key values matter?",
             "nginx's default 1m; phone photos 3-8 MB; 20 MB limit (content-length-range); URL "
             "valid 300 s; API pods' 512 MB memory limit; bucket tripnotes-photos-staging in "
             "eu-west-1; 57 API tests pass; the 8 MB Playwright upload passed.",
             must=(("20 mb", "content-length-range"), ("300", "512 mb", "57", "1m")),
             spread=True,
             partial_means="Some of the values.",
             wrong="client_max_body_size 20m given as the setting."),
    Question("file_roles", "What is each file for?",
             "api/routes/photos.py holds the upload-url and complete endpoints; "
             "web/src/api/uploadPhoto.ts is the browser side (gets the presigned POST, uploads "
             "the form to S3, calls complete); infra/s3.tf is the photos bucket's Terraform "
             "(CORS rule); deploy/nginx/tripnotes.conf is the nginx server block.",
             must=(("uploadphoto.ts",), ("browser", "frontend", "client", "form")),
             partial_means="The files named without what they do.",
             wrong="try_presign.py described as a current file."),
    Question("pending", "What work is still pending?",
             "The complete() key check (prefix notes/{note_id}/ and the object exists); allow "
             "POST in the CORS rule in infra/s3.tf and apply it (staging, and prod later); "
             "run the API tests and the Playwright upload test on the presigned POST.",
             must=(("complete()", "complete endpoint", "notes/{note_id}/", "key check",
                    "check the key"),
                   ("post in the cors", "allow post", "cors", "s3.tf"),
                   ("playwright", "test", "pytest")),
             partial_means="One or two of the three.",
             wrong="Raising nginx's limit; a presigned PUT."),
    Question("state", "What is the state of the work?",
             "Direct uploads with a presigned PUT worked on staging (Playwright passed, 57 "
             "API tests); the presigned POST with content-length-range and the uuid4 key are "
             "written in photos.py and uploadPhoto.ts but untested, the CORS rule still allows "
             "only PUT, and complete() does not check the key yet.",
             must=(("presigned post", "content-length-range", "uuid4"),
                   ("untested", "not tested", "not yet", "uncommitted", "not committed",
                    "not run", "not verified")),
             partial_means="The written presigned POST without saying it is untested.",
             wrong="Says uploads still go through nginx and the API.",
             stale_means="Says the presigned POST passed the Playwright test (it was not run)."),
)  # fmt: skip

PRODUCTION = None  # the chat format has no compaction of its own
